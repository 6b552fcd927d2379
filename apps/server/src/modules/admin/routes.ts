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
import { staffOnly } from '../auth/authPlugin.ts';
import type { RecoveryService } from '../auth/recovery.ts';
import { revokeUserSessions } from '../auth/sessionRepo.ts';
import { insertNotification, publishNotification } from '../notifications/repo.ts';
import { presentUser } from '../users/presentUser.ts';
import { findUserById, transitionUserStatus } from '../users/repo.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Back-office calls; every one is staff-only and refused before its body is read. */
export const adminRoutes =
  (deps: { db: Db; clock: Clock; recovery: RecoveryService; bus: Bus }): FastifyPluginAsyncZod =>
  async (app) => {
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
        const { updated, note } = await deps.db.transaction(async (tx) => {
          // An approval (pending → active) is told to the customer; a reactivation is not one.
          const approved =
            to === 'active' ? await transitionUserStatus(tx, id, to, now, ['pending']) : undefined;
          const updated = approved ?? (await transitionUserStatus(tx, id, to, now));
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
        return { data: await presentUser(deps.db, updated, now) };
      },
    );

    app.post(
      '/admin/notices',
      {
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
        deps.bus.publish('notice.public', { id, ...request.body });
        return reply.status(202).send({ data: { id } });
      },
    );

    app.post(
      '/admin/users/:id/auto-login-link',
      {
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
        return { data: { url: await deps.recovery.createAutoLoginLink(user.id) } };
      },
    );

    app.get(
      '/admin/outbox',
      {
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
