import { Readable } from 'node:stream';
import {
  type AuditQuery,
  auditFacetsSchema,
  auditPageSchema,
  auditQuerySchema,
  auditVerifySchema,
} from '@openbroker/domain';
import { inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { permit } from '../staff/policy.ts';
import { type AuditFilter, type AuditRow, auditFacets } from './repo.ts';
import type { AuditService } from './service.ts';

function filterOf(q: AuditQuery): AuditFilter {
  return {
    actorId: q.actor_id,
    action: q.action,
    objectType: q.object_type,
    objectId: q.object_id,
    from: q.from ? new Date(q.from) : undefined,
    to: q.to ? new Date(q.to) : undefined,
  };
}

const CSV_COLUMNS = [
  'id',
  'at',
  'actor_id',
  'actor_ip',
  'action',
  'object_type',
  'object_id',
  'before',
  'after',
  'reason',
  'hash',
];

/** One CSV field: quoted, and a leading = + - @ defused so a spreadsheet never runs it as a formula. */
function csvField(value: unknown): string {
  let text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

function csvLine(r: AuditRow): string {
  return `${[r.id, r.at.toISOString(), r.actorId, r.actorIp, r.action, r.objectType, r.objectId, r.before, r.after, r.reason, r.hash].map(csvField).join(',')}\r\n`;
}

/** The audit viewer (filters, paging), its CSV export and the chain check (DESIGN §12). */
export const auditAdminRoutes =
  (deps: { db: Db; audit: AuditService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/audit',
      {
        preValidation: permit('audit.read'),
        schema: {
          tags: ['admin'],
          summary: 'The audit trail, newest first, filtered by staff, action, object and date',
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema },
        },
      },
      async (request) => {
        const q = request.query;
        const { rows, total } = await deps.audit.page(filterOf(q), q.page, q.per_page);
        const actorIds = [...new Set(rows.flatMap((r) => (r.actorId === null ? [] : [r.actorId])))];
        const names = new Map(
          actorIds.length === 0
            ? []
            : (
                await deps.db
                  .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
                  .from(users)
                  .where(inArray(users.id, actorIds))
              ).map((u) => [u.id, `${u.first} ${u.last}`.trim() || u.email]),
        );
        const lastPage = Math.max(1, Math.ceil(total / q.per_page));
        const link = (page: number) => {
          const params = new URLSearchParams(request.query as unknown as Record<string, string>);
          params.set('page', String(page));
          return `/api/v1/admin/audit?${params}`;
        };
        return {
          data: rows.map((r) => ({
            id: r.id,
            at: r.at.toISOString(),
            actor_id: r.actorId,
            actor_name: r.actorId === null ? null : (names.get(r.actorId) ?? null),
            actor_ip: r.actorIp,
            action: r.action,
            object_type: r.objectType,
            object_id: r.objectId,
            before: r.before,
            after: r.after,
            reason: r.reason,
            hash: r.hash,
          })),
          meta: { current_page: q.page, last_page: lastPage, per_page: q.per_page, total },
          links: {
            next: q.page < lastPage ? link(q.page + 1) : null,
            prev: q.page > 1 ? link(q.page - 1) : null,
          },
        };
      },
    );

    app.get(
      '/admin/audit/facets',
      {
        preValidation: permit('audit.read'),
        schema: {
          tags: ['admin'],
          summary:
            'The staff, actions and object types that occur in the trail (the viewer’s filter choices)',
          response: { 200: z.object({ data: auditFacetsSchema }) },
        },
      },
      async () => ({ data: await auditFacets(deps.db) }),
    );

    app.get(
      '/admin/audit/export.csv',
      {
        preValidation: permit('audit.export'),
        schema: {
          tags: ['admin'],
          summary: 'The audit trail matching the filters as CSV (oldest first)',
          querystring: auditQuerySchema,
        },
      },
      async (request, reply) => {
        const rows = deps.audit.rows(filterOf(request.query));
        async function* lines() {
          yield `${CSV_COLUMNS.join(',')}\r\n`;
          for await (const r of rows) yield csvLine(r);
        }
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="audit-log.csv"')
          .send(Readable.from(lines()));
      },
    );

    app.get(
      '/admin/audit/verify',
      {
        preValidation: permit('audit.read'),
        schema: {
          tags: ['admin'],
          summary: 'Recompute the audit chain: ok, how many entries, and the first row that breaks it',
          response: { 200: z.object({ data: auditVerifySchema }) },
        },
      },
      async () => ({ data: await deps.audit.verify() }),
    );
  };
