import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
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
              }),
            }),
          },
        },
      },
      async () => {
        const [[pending], approvals, unread] = await Promise.all([
          deps.db
            .select({ n: sql<number>`count(*)::int` })
            .from(users)
            .where(and(eq(users.role, 'customer'), eq(users.status, 'pending'))),
          countPendingApprovals(deps.db),
          unreadCount(deps.db, 'staff'),
        ]);
        return { data: { pending_clients: pending?.n ?? 0, approvals, unread_chats: unread } };
      },
    );
  };
