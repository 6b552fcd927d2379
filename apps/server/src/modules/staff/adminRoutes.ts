import {
  staffInviteSchema,
  staffMemberResponseSchema,
  staffPageSchema,
  staffQuerySchema,
  staffRolesSchema,
} from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/service.ts';
import { permit } from './policy.ts';
import type { StaffService } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Staff management (issue 13 "Staff"): list, invite, roles, disable and enable; `staff.manage` only. */
export const staffAdminRoutes =
  (deps: { staff: StaffService }): FastifyPluginAsyncZod =>
  async (app) => {
    const manage = permit('staff.manage');

    app.get(
      '/admin/staff',
      {
        preValidation: manage,
        schema: {
          tags: ['admin'],
          summary: 'Staff members, paged, sorted and filtered by name, email or status',
          querystring: staffQuerySchema,
          response: { 200: staffPageSchema },
        },
      },
      async (request) => {
        const q = request.query;
        const { rows, total } = await deps.staff.page(q);
        const lastPage = Math.max(1, Math.ceil(total / q.per_page));
        const link = (page: number) => {
          const params = new URLSearchParams();
          for (const [k, v] of Object.entries(q)) if (v !== undefined) params.set(k, String(v));
          params.set('page', String(page));
          return `/api/v1/admin/staff?${params}`;
        };
        return {
          data: rows,
          meta: { current_page: q.page, last_page: lastPage, per_page: q.per_page, total },
          links: {
            next: q.page < lastPage ? link(q.page + 1) : null,
            prev: q.page > 1 ? link(q.page - 1) : null,
          },
        };
      },
    );

    app.post(
      '/admin/staff',
      {
        preValidation: manage,
        schema: {
          tags: ['admin'],
          summary: 'Invite a staff member: an active account and a one-time set-your-password link by e-mail',
          body: staffInviteSchema,
          response: { 201: staffMemberResponseSchema },
        },
      },
      async (request, reply) => {
        const member = await deps.staff.invite(actorOf(request), request.body);
        return reply.status(201).send({ data: member });
      },
    );

    app.put(
      '/admin/staff/:id/roles',
      {
        preValidation: manage,
        schema: {
          tags: ['admin'],
          summary: 'Replace a staff member’s roles (at least one; an active administrator must remain)',
          params: idParams,
          body: staffRolesSchema,
          response: { 200: staffMemberResponseSchema },
        },
      },
      async (request) => ({
        data: await deps.staff.setRoles(actorOf(request), request.params.id, request.body.roles),
      }),
    );

    app.post(
      '/admin/staff/:id/disable',
      {
        preValidation: manage,
        schema: {
          tags: ['admin'],
          summary: 'Disable a staff member: sessions revoked, sockets dropped, sign-in refused',
          params: idParams,
          response: { 200: staffMemberResponseSchema },
        },
      },
      async (request) => ({
        data: await deps.staff.setStatus(actorOf(request), request.params.id, 'disabled'),
      }),
    );

    app.post(
      '/admin/staff/:id/enable',
      {
        preValidation: manage,
        schema: {
          tags: ['admin'],
          summary: 'Enable a disabled staff member again',
          params: idParams,
          response: { 200: staffMemberResponseSchema },
        },
      },
      async (request) => ({
        data: await deps.staff.setStatus(actorOf(request), request.params.id, 'active'),
      }),
    );
  };
