import { CLIENT_SORTS, type ClientListQuery, type ClientSort } from '@openbroker/domain';
import { and, asc, desc, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { plans, tradingAccounts, users } from '../../db/schema.ts';

/** `%text%` for ILIKE with the user's own `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface AccountRef {
  id: number;
  number: string;
  currency: string;
  balance_cents: string;
  credit_cents: string;
}

export interface ClientListRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  status: 'active' | 'pending' | 'deactivated';
  createdAt: Date;
  lastSeenAt: Date | null;
  planId: number | null;
  planTitle: string | null;
  planColor: string | null;
  balanceCents: bigint;
  creditCents: bigint;
  accounts: AccountRef[];
}

/**
 * One page of customers with their accounts and totals, in one query: the accounts are aggregated
 * per customer in a subquery (a customer may hold several), the total comes from a window count.
 */
export async function pageOfClients(
  db: Db,
  q: ClientListQuery,
  onlineSince: Date,
): Promise<{ rows: ClientListRow[]; total: number }> {
  const acct = db
    .select({
      userId: tradingAccounts.userId,
      // Totals are real money only: a demo account's virtual funds never count (DESIGN §11).
      balance:
        sql<string>`coalesce(sum(${tradingAccounts.balanceCents}) filter (where ${tradingAccounts.kind} = 'live'), 0)::text`.as(
          'balance',
        ),
      credit:
        sql<string>`coalesce(sum(${tradingAccounts.creditCents}) filter (where ${tradingAccounts.kind} = 'live'), 0)::text`.as(
          'credit',
        ),
      accounts: sql<AccountRef[]>`json_agg(json_build_object(
        'id', ${tradingAccounts.id}, 'number', ${tradingAccounts.number}, 'currency', ${tradingAccounts.currency},
        'balance_cents', ${tradingAccounts.balanceCents}::text, 'credit_cents', ${tradingAccounts.creditCents}::text
      ) order by ${tradingAccounts.id})`.as('accounts'),
    })
    .from(tradingAccounts)
    .groupBy(tradingAccounts.userId)
    .as('acct');

  const fullName = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;
  const conditions: (SQL | undefined)[] = [eq(users.role, 'customer')];
  if (q.search) {
    const p = containsPattern(q.search);
    conditions.push(
      or(
        sql`${users.firstName} || ' ' || ${users.lastName} ilike ${p}`,
        sql`${users.email} ilike ${p}`,
        sql`exists (select 1 from ${tradingAccounts} where ${tradingAccounts.userId} = ${users.id} and ${tradingAccounts.number} ilike ${p})`,
      ),
    );
  }
  if (q.status) conditions.push(eq(users.status, q.status));
  if (q.plan_id !== undefined) conditions.push(eq(users.planId, q.plan_id));
  if (q.online === true) conditions.push(gt(users.lastSeenAt, onlineSince));
  if (q.online === false)
    conditions.push(or(isNull(users.lastSeenAt), sql`${users.lastSeenAt} <= ${onlineSince}`));

  const descending = q.sort.startsWith('-');
  const column = CLIENT_SORTS.find((c) => c === q.sort.replace(/^-/, '')) ?? 'created_at';
  const SORTS: Record<ClientSort, SQL> = {
    created_at: sql`${users.createdAt}`,
    name: fullName,
    email: sql`${users.email}`,
    balance: sql`coalesce(${acct.balance}::numeric, 0)`,
    // Never seen sorts after everyone seen, whichever the direction.
    last_seen: sql`${users.lastSeenAt}`,
  };
  const by = SORTS[column];
  const order =
    column === 'last_seen'
      ? descending
        ? sql`${by} desc nulls last`
        : sql`${by} asc nulls last`
      : descending
        ? desc(by)
        : asc(by);

  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      status: users.status,
      createdAt: users.createdAt,
      lastSeenAt: users.lastSeenAt,
      planId: users.planId,
      planTitle: plans.title,
      planColor: plans.color,
      balance: acct.balance,
      credit: acct.credit,
      accounts: acct.accounts,
      total: sql<number>`(count(*) over())::int`,
    })
    .from(users)
    .leftJoin(acct, eq(acct.userId, users.id))
    .leftJoin(plans, eq(plans.id, users.planId))
    .where(and(...conditions))
    .orderBy(order, descending ? desc(users.id) : asc(users.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);

  // Past the last page the window has no row to count on: count apart (only then).
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(...conditions));
    total = c?.n ?? 0;
  }
  return {
    total,
    rows: rows.map((r) => ({
      ...r,
      balanceCents: BigInt(r.balance ?? '0'),
      creditCents: BigInt(r.credit ?? '0'),
      accounts: r.accounts ?? [],
    })),
  };
}
