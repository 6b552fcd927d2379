import { randomUUID } from 'node:crypto';
import { adminUserUpdateSchema, siteNoticeSchema, userSchema } from '@openbroker/domain';
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import { type AuditService, actorOf } from '../audit/service.ts';
import { staffOnly } from '../auth/authPlugin.ts';
import type { RecoveryService } from '../auth/recovery.ts';
import { revokeUserSessions } from '../auth/sessionRepo.ts';
import { insertNotification, publishNotification } from '../notifications/repo.ts';
import { permit, requirePermission } from '../staff/policy.ts';
import { presentUser } from '../users/presentUser.ts';
import { findUserById, lockUser, transitionUserStatus } from '../users/repo.ts';
import type { VerificationService } from '../verification/service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

const CLIENT_STATUS_ACTIONS = {
  active: 'client.reactivate',
  pending: 'client.hold',
  deactivated: 'client.deactivate',
} as const;

/** Back-office calls; every one is staff-only and refused before its body is read. */
export const adminRoutes =
  (deps: {
    db: Db;
    clock: Clock;
    recovery: RecoveryService;
    bus: Bus;
    audit: AuditService;
    /** When staff made approval wait for verification: why this customer may not be approved yet. */
    approvalGate?: Pick<VerificationService, 'approvalBlocker'>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // Every call here is staff-only; each route also names the permission it needs.
    app.addHook('preValidation', staffOnly);

    app.patch(
      '/admin/users/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Approve (active), hold (pending) or deactivate a customer',
          params: idParams,
          body: adminUserUpdateSchema,
          response: { 200: z.object({ data: userSchema }) },
        },
      },
      async (request) => {
        const now = deps.clock.now();
        const to = request.body.status;
        const { id } = request.params;
        // Approving (or holding) is a compliance decision; deactivating and reactivating manage the client.
        requirePermission(request, to === 'deactivated' ? 'clients.manage' : 'clients.approve');
        if (to === 'active' && deps.approvalGate) {
          // Only an approval (pending → active) waits for verification, never a reactivation.
          const current = await findUserById(deps.db, id);
          if (current?.role === 'customer' && current.status === 'pending') {
            if (await deps.approvalGate.approvalBlocker(id)) {
              throw new AppError('CONFLICT', 'This client has not completed verification.');
            }
          }
        }
        const { updated, note } = await deps.db.transaction(async (tx) => {
          // Held for the transaction, so the audit's "before" is the status this change replaced.
          const before = await lockUser(tx, id);
          // An approval (pending → active) is told to the customer; a reactivation is not one.
          const approved =
            to === 'active' ? await transitionUserStatus(tx, id, to, now, ['pending']) : undefined;
          const updated = approved ?? (await transitionUserStatus(tx, id, to, now));
          if (updated) {
            await deps.audit.record(tx, actorOf(request), {
              action: approved ? 'client.approve' : CLIENT_STATUS_ACTIONS[to],
              objectType: 'user',
              objectId: updated.id,
              before: { status: before?.status ?? null },
              after: { status: updated.status },
            });
          }
          // A deactivated customer is signed out everywhere at once (sockets below, after commit).
          if (updated?.status === 'deactivated') await revokeUserSessions(tx, updated.id, now);
          const note = approved
            ? await insertNotification(tx, {
                userId: approved.id,
                title: 'Account approved',
                message: 'Your account has been approved. You can now deposit and trade.',
                color: 'success',
              })
            : undefined;
          return { updated, note };
        });
        if (!updated) {
          // Nothing moved: a concurrent request got there first (the same answer, no second
          // effect), or the move is not allowed from where the customer is.
          const current = await findUserById(deps.db, id);
          if (current?.role !== 'customer') throw new AppError('NOT_FOUND', 'No customer with that id.');
          if (current.status !== to) {
            throw new AppError('CONFLICT', `A customer who is ${current.status} cannot be made ${to}.`);
          }
          return { data: await presentUser(deps.db, current, now) };
        }
        if (note) publishNotification(deps.bus, note);
        if (updated.status === 'deactivated') deps.bus.publish('user.revoked', { userId: updated.id });
        deps.bus.publish('admin.changed', { scope: 'clients', id: String(updated.id) });
        return { data: await presentUser(deps.db, updated, now) };
      },
    );

    app.post(
      '/admin/notices',
      {
        preValidation: permit('content.write'),
        schema: {
          tags: ['admin'],
          summary: 'Show a notice to everyone online now (public.notices; not stored)',
          body: siteNoticeSchema,
          response: { 202: z.object({ data: z.object({ id: z.string() }) }) },
        },
      },
      async (request, reply) => {
        // A 'temp-' id: clients hold it locally only (SPEC §4), there is nothing to mark read.
        const id = `temp-notice-${randomUUID()}`;
        await deps.audit.record(deps.db, actorOf(request), {
          action: 'notice.send',
          objectType: 'notice',
          objectId: id,
          after: request.body,
        });
        deps.bus.publish('notice.public', { id, ...request.body });
        return reply.status(202).send({ data: { id } });
      },
    );

    app.post(
      '/admin/users/:id/auto-login-link',
      {
        preValidation: permit('clients.manage'),
        schema: {
          tags: ['admin'],
          summary: 'A one-time sign-in link for a customer, valid five minutes',
          params: idParams,
          response: { 200: z.object({ data: z.object({ url: z.string() }) }) },
        },
      },
      async (request) => {
        const user = await findUserById(deps.db, request.params.id);
        if (user?.role !== 'customer') throw new AppError('NOT_FOUND', 'No customer with that id.');
        const url = await deps.recovery.createAutoLoginLink(user.id);
        // Signing in as a client is sensitive: who made a link for whom is on the record.
        await deps.audit.record(deps.db, actorOf(request), {
          action: 'client.login_link',
          objectType: 'user',
          objectId: user.id,
        });
        return { data: { url } };
      },
    );

    app.get(
      '/admin/outbox',
      {
        preValidation: permit('staff.manage'),
        schema: {
          tags: ['admin'],
          summary: 'The latest mails the platform sent or kept (newest first)',
          response: {
            200: z.object({
              data: z.array(
                z.object({
                  id: z.number(),
                  to: z.string(),
                  subject: z.string(),
                  body: z.string(),
                  created_at: z.string(),
                  sent_at: z.string().nullable(),
                  error: z.string().nullable(),
                }),
              ),
            }),
          },
        },
      },
      async () => {
        const rows = await deps.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(100);
        return {
          data: rows.map((r) => ({
            id: r.id,
            to: r.to,
            subject: r.subject,
            body: r.body,
            created_at: r.createdAt.toISOString(),
            sent_at: r.sentAt?.toISOString() ?? null,
            error: r.error,
          })),
        };
      },
    );
  };
