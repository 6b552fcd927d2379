import { approvalQuerySchema, approvalRejectSchema, approvalSchema, pagedSchema } from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../audit/service.ts';
import { permit, requirePermission } from '../staff/policy.ts';
import { presentApproval, presentApprovals } from './present.ts';
import { pageOfApprovals } from './repo.ts';
import type { ApprovalsService } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const one = z.object({ data: approvalSchema });

/** The approvals queue (DESIGN §12): list, approve, reject with a coded reason, withdraw. */
export const approvalsAdminRoutes =
  (deps: { db: Db; approvals: ApprovalsService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/approvals',
      {
        preValidation: permit('money.read'),
        schema: {
          tags: ['admin'],
          summary: 'Requests waiting for (or decided by) a second staff member, newest first',
          querystring: approvalQuerySchema,
          response: { 200: pagedSchema(approvalSchema) },
        },
      },
      async (request) => {
        const q = request.query;
        const { rows, total } = await pageOfApprovals(
          deps.db,
          { status: q.status, kind: q.kind, objectType: q.object_type, objectId: q.object_id },
          q.page,
          q.per_page,
        );
        const lastPage = Math.max(1, Math.ceil(total / q.per_page));
        return {
          data: await presentApprovals(deps.db, rows),
          meta: { current_page: q.page, last_page: lastPage, per_page: q.per_page, total },
          links: { next: null, prev: null },
        };
      },
    );

    const decide = (verb: 'approve' | 'reject' | 'cancel') => ({
      tags: ['admin'],
      params: idParams,
      response: { 200: one },
      summary:
        verb === 'approve'
          ? 'Approve a request (a second staff member with the kind’s permission; never the requester)'
          : verb === 'reject'
            ? 'Reject a request with a coded reason'
            : 'Withdraw your own pending request',
    });

    app.post(
      '/admin/approvals/:id/approve',
      { preValidation: permit('money.read'), schema: decide('approve') },
      async (request) => {
        const auth = requirePermission(request, await deps.approvals.permissionFor(request.params.id));
        const row = await deps.approvals.approve(request.params.id, {
          ...actorOf(request),
          actorId: auth.user.id,
        });
        return { data: await presentApproval(deps.db, row) };
      },
    );

    app.post(
      '/admin/approvals/:id/reject',
      { preValidation: permit('money.read'), schema: { ...decide('reject'), body: approvalRejectSchema } },
      async (request) => {
        const auth = requirePermission(request, await deps.approvals.permissionFor(request.params.id));
        const row = await deps.approvals.reject(
          request.params.id,
          { ...actorOf(request), actorId: auth.user.id },
          request.body,
        );
        return { data: await presentApproval(deps.db, row) };
      },
    );

    app.post(
      '/admin/approvals/:id/cancel',
      { preValidation: permit('money.read'), schema: decide('cancel') },
      async (request) => {
        const auth = requirePermission(request, 'money.read');
        const row = await deps.approvals.cancel(request.params.id, {
          ...actorOf(request),
          actorId: auth.user.id,
        });
        return { data: await presentApproval(deps.db, row) };
      },
    );
  };
