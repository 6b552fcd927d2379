import { ACTIVITY_SOURCES } from '@openbroker/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';

/** One merged row as the query returns it (ids and times cast so both drivers give the same types). */
const activityRowSchema = z.object({
  source: z.enum(ACTIVITY_SOURCES),
  ref: z.string(),
  at_ms: z.coerce.number(),
  action: z.string(),
  actor_id: z.coerce.number().nullable(),
  details: z.record(z.string(), z.unknown()),
  total: z.coerce.number(),
});
export type ActivityRow = z.infer<typeof activityRowSchema>;

/**
 * A client's activity, newest first, merged in one query: audit rows about the client, their
 * accounts, the approvals on those accounts and their trades; their trades opened and closed; their
 * sign-ins (sessions).
 */
export async function pageOfActivity(
  db: Db,
  customerId: number,
  page: number,
  perPage: number,
): Promise<{ rows: ActivityRow[]; total: number }> {
  const id = customerId;
  const result = await db.execute(sql`
    with accts as (select id from trading_accounts where user_id = ${id}),
    merged as (
      select 'audit' as source, a.id::text as ref, a.at as at, a.action as action,
             a.actor_id::int as actor_id,
             jsonb_build_object('object_type', a.object_type, 'object_id', a.object_id,
               'before', a.before, 'after', a.after, 'reason', a.reason) as details
        from audit_log a
       where (a.object_type = 'user' and a.object_id = ${String(id)})
          or (a.object_type = 'trading_account' and a.object_id in (select id::text from accts))
          or (a.object_type = 'approval' and a.object_id in (
                select ap.id::text from approvals ap
                 where ap.object_type = 'trading_account' and ap.object_id in (select id::text from accts)))
          or (a.object_type = 'trade' and a.object_id in (select t.id::text from trades t where t.user_id = ${id}))
      union all
      select 'trade_open', t.id::text, t.opened_at, 'trade.open', null,
             jsonb_build_object('trade_id', t.id, 'asset_id', t.asset_id, 'side', t.side, 'lots', t.lots,
               'order_type', t.order_type, 'price', t.opening_price, 'account_id', t.trading_account_id)
        from trades t
       where t.user_id = ${id} and t.opened_at is not null and t.parent_id is null
      union all
      select 'trade_close', t.id::text, t.closed_at, 'trade.close', null,
             jsonb_build_object('trade_id', coalesce(t.parent_id, t.id), 'asset_id', t.asset_id, 'side', t.side,
               'lots', t.lots, 'price', t.closing_price, 'pnl_cents', t.pnl_cents::text,
               'close_reason', t.close_reason, 'account_id', t.trading_account_id)
        from trades t
       where t.user_id = ${id} and t.status = 'closed' and t.closed_at is not null
      union all
      select 'login', s.id::text, s.created_at, 'login', null,
             jsonb_build_object('ip', s.ip, 'user_agent', s.user_agent)
        from sessions s
       where s.user_id = ${id}
    )
    select source, ref, (extract(epoch from at) * 1000)::float8 as at_ms, action, actor_id, details,
           (count(*) over())::int as total
      from merged
     order by at desc, source, ref desc
     limit ${perPage} offset ${(page - 1) * perPage}
  `);
  const rows = z.object({ rows: z.array(activityRowSchema) }).parse(result).rows;
  // Past the last page there is no row to carry the window count: the page says 0 (and is empty).
  return { rows, total: rows[0]?.total ?? 0 };
}
