import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { deposits, withdrawals } from '../../db/schemaMoney.ts';
import { countPendingApprovals } from '../approvals/repo.ts';
import { staffOnly } from '../auth/authPlugin.ts';
import { unreadCount } from '../chat/repo.ts';

/** The back office's queue badges: what waits for staff now (DESIGN §12). */
export const adminCountsRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/counts',
      {
        preValidation: staffOnly,
        schema: {
          tags: ['admin'],
          summary: 'How many items wait in each back-office queue',
          response: {
            200: z.object({
              data: z.object({
                pending_clients: z.number(),
                approvals: z.number(),
                unread_chats: z.number(),
                /** Wire transfers announced and not yet confirmed or rejected by staff. */
                pending_deposits: z.number(),
                /** Withdrawals held and waiting for their approvals. */
                held_withdrawals: z.number(),
              }),
            }),
          },
        },
      },
      async () => {
        const count = sql<number>`count(*)::int`;
        const [[pending], approvals, unread, [wires], [held]] = await Promise.all([
          deps.db
            .select({ n: count })
            .from(users)
            .where(and(eq(users.role, 'customer'), eq(users.status, 'pending'))),
          countPendingApprovals(deps.db),
          unreadCount(deps.db, 'staff'),
          deps.db
            .select({ n: count })
            .from(deposits)
            .where(and(eq(deposits.method, 'wire'), eq(deposits.status, 'pending'))),
          deps.db.select({ n: count }).from(withdrawals).where(eq(withdrawals.status, 'held')),
        ]);
        return {
          data: {
            pending_clients: pending?.n ?? 0,
            approvals,
            unread_chats: unread,
            pending_deposits: wires?.n ?? 0,
            held_withdrawals: held?.n ?? 0,
          },
        };
      },
    );
  };
