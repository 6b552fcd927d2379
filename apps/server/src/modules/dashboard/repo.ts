import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { plans, trades, tradingAccounts, users } from '../../db/schema.ts';

/** Customers per status (pending, active, deactivated). */
export async function customersByStatus(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: users.status, n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, 'customer'))
    .groupBy(users.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/**
 * Every open position on a live account with what the dashboard values it by: its account, owner
 * and plan levels. Demo accounts' virtual positions are no exposure of the house (DESIGN §11).
 */
export async function openPositions(db: Db) {
  return db
    .select({
      trade: {
        id: trades.id,
        assetId: trades.assetId,
        side: trades.side,
        lots: trades.lots,
        units: trades.units,
        openingPrice: trades.openingPrice,
        marginCents: trades.marginCents,
      },
      account: {
        id: tradingAccounts.id,
        number: tradingAccounts.number,
        currency: tradingAccounts.currency,
        balanceCents: tradingAccounts.balanceCents,
        creditCents: tradingAccounts.creditCents,
      },
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      marginCallLevel: plans.marginCallLevel,
      stopOutLevel: plans.stopOutLevel,
    })
    .from(trades)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, trades.tradingAccountId))
    .innerJoin(users, eq(users.id, tradingAccounts.userId))
    .leftJoin(plans, eq(plans.id, users.planId))
    .where(and(eq(trades.status, 'open'), eq(tradingAccounts.kind, 'live')));
}
export type OpenPositionRow = Awaited<ReturnType<typeof openPositions>>[number];

/** Live accounts by id with owner and plan levels (the risk engine's margin calls, described; demo ones left out). */
export async function accountsDescribed(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: tradingAccounts.id,
      number: tradingAccounts.number,
      currency: tradingAccounts.currency,
      balanceCents: tradingAccounts.balanceCents,
      creditCents: tradingAccounts.creditCents,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      marginCallLevel: plans.marginCallLevel,
      stopOutLevel: plans.stopOutLevel,
    })
    .from(tradingAccounts)
    .innerJoin(users, eq(users.id, tradingAccounts.userId))
    .leftJoin(plans, eq(plans.id, users.planId))
    .where(and(inArray(tradingAccounts.id, ids), eq(tradingAccounts.kind, 'live')));
}

/** Realised P/L of closed trades on live accounts per account currency, since `since` and in all. */
export async function realisedPnl(
  db: Db,
  since: Date,
): Promise<{ currency: string; todayCents: bigint; allCents: bigint }[]> {
  const rows = await db
    .select({
      currency: tradingAccounts.currency,
      today: sql<string>`coalesce(sum(${trades.pnlCents}) filter (where ${trades.closedAt} >= ${since.toISOString()}), 0)::text`,
      all: sql<string>`coalesce(sum(${trades.pnlCents}), 0)::text`,
    })
    .from(trades)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, trades.tradingAccountId))
    .where(and(eq(trades.status, 'closed'), eq(tradingAccounts.kind, 'live')))
    .groupBy(tradingAccounts.currency);
  return rows.map((r) => ({ currency: r.currency, todayCents: BigInt(r.today), allCents: BigInt(r.all) }));
}
