import type { BacktestSummary } from '@openbroker/domain';
import { and, asc, eq, getTableColumns, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { approvals, assets, plans, trades, tradingAccounts, users } from '../../db/schema.ts';
import { advisorPurchases, advisorRuns, expertAdvisors } from '../../db/schemaBots.ts';
import type { DbOrTx } from '../accounts/repo.ts';

export type AdvisorRow = typeof expertAdvisors.$inferSelect;
export type NewAdvisor = typeof expertAdvisors.$inferInsert;
export type PurchaseRow = typeof advisorPurchases.$inferSelect;

/** A catalogue row with the instrument it trades, as every presentation needs both. */
export type CatalogueRow = AdvisorRow & { symbol: string; symbolDisplay: string };

const catalogueColumns = {
  ...getTableColumns(expertAdvisors),
  symbol: assets.symbol,
  symbolDisplay: assets.symbolDisplay,
};

/** The marketplace: active advisors, most downloaded first (SPEC §9 "popular"), then by id. */
export async function activeCatalogue(db: DbOrTx): Promise<CatalogueRow[]> {
  return db
    .select(catalogueColumns)
    .from(expertAdvisors)
    .innerJoin(assets, eq(assets.id, expertAdvisors.assetId))
    .where(eq(expertAdvisors.active, true))
    .orderBy(sql`${expertAdvisors.downloads} desc`, asc(expertAdvisors.id));
}

/** Every advisor, withdrawn ones too (staff). */
export async function wholeCatalogue(db: DbOrTx): Promise<CatalogueRow[]> {
  return db
    .select(catalogueColumns)
    .from(expertAdvisors)
    .innerJoin(assets, eq(assets.id, expertAdvisors.assetId))
    .orderBy(asc(expertAdvisors.id));
}

export async function findAdvisor(db: DbOrTx, id: number): Promise<CatalogueRow | undefined> {
  const [row] = await db
    .select(catalogueColumns)
    .from(expertAdvisors)
    .innerJoin(assets, eq(assets.id, expertAdvisors.assetId))
    .where(eq(expertAdvisors.id, id));
  return row;
}

/** Another advisor already named `name` (case-insensitive, as the unique index compares). */
export async function advisorNamed(db: DbOrTx, name: string, exceptId?: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: expertAdvisors.id })
    .from(expertAdvisors)
    .where(
      and(
        sql`lower(${expertAdvisors.name}) = ${name.toLowerCase()}`,
        exceptId === undefined ? undefined : sql`${expertAdvisors.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row?.id;
}

export async function insertAdvisor(db: DbOrTx, values: NewAdvisor): Promise<AdvisorRow> {
  const [row] = await db.insert(expertAdvisors).values(values).returning();
  if (!row) throw new Error('advisor insert returned nothing');
  return row;
}

export async function updateAdvisor(
  db: DbOrTx,
  id: number,
  values: Partial<NewAdvisor>,
): Promise<AdvisorRow | undefined> {
  const [row] = await db.update(expertAdvisors).set(values).where(eq(expertAdvisors.id, id)).returning();
  return row;
}

/**
 * Stores a backtest's figures; with `ranOn`, only if the advisor still has the strategy, instrument
 * and parameters the backtest ran on (an edit meanwhile clears it for a rerun on the new settings).
 * Whether it stored them.
 */
export async function storeBacktest(
  db: DbOrTx,
  id: number,
  backtest: BacktestSummary,
  ranOn?: Pick<AdvisorRow, 'strategy' | 'assetId' | 'params'>,
): Promise<boolean> {
  const rows = await db
    .update(expertAdvisors)
    .set({ backtest })
    .where(
      and(
        eq(expertAdvisors.id, id),
        ranOn
          ? and(
              eq(expertAdvisors.strategy, ranOn.strategy),
              eq(expertAdvisors.assetId, ranOn.assetId),
              sql`${expertAdvisors.params} = ${JSON.stringify(ranOn.params)}::jsonb`,
            )
          : undefined,
      ),
    )
    .returning({ id: expertAdvisors.id });
  return rows.length > 0;
}

/** Advisors still waiting for their first backtest (seeded or edited), oldest first. */
export async function advisorsWithoutBacktest(db: DbOrTx, limit: number): Promise<AdvisorRow[]> {
  return db
    .select()
    .from(expertAdvisors)
    .where(sql`${expertAdvisors.backtest} is null`)
    .orderBy(asc(expertAdvisors.id))
    .limit(limit);
}

export async function instrumentExists(db: DbOrTx, assetId: number): Promise<boolean> {
  const [row] = await db.select({ id: assets.id }).from(assets).where(eq(assets.id, assetId));
  return row !== undefined;
}

// --- Plans' `eas` -------------------------------------------------------------------------------

/** Every plan's id and Expert Advisors (a handful of rows). */
export async function planEas(db: DbOrTx): Promise<{ id: number; eas: number[] }[]> {
  return db.select({ id: plans.id, eas: plans.eas }).from(plans).orderBy(asc(plans.id));
}

/** The Expert Advisors a plan includes; empty for no plan. */
export async function easOfPlan(db: DbOrTx, planId: number | null): Promise<number[]> {
  if (planId === null) return [];
  const [row] = await db.select({ eas: plans.eas }).from(plans).where(eq(plans.id, planId));
  return row?.eas ?? [];
}

/**
 * Adds the advisor to these plans' `eas` and removes it from every other plan, each row changed in
 * one statement (so a concurrent edit of another id in the same list is not lost).
 */
export async function setAdvisorPlans(
  db: DbOrTx,
  advisorId: number,
  planIds: readonly number[],
): Promise<void> {
  const id = sql`to_jsonb(${advisorId}::bigint)`;
  if (planIds.length > 0) {
    await db
      .update(plans)
      .set({ eas: sql`${plans.eas} || jsonb_build_array(${id})` })
      .where(and(inArray(plans.id, [...planIds]), sql`not (${plans.eas} @> jsonb_build_array(${id}))`));
  }
  await db
    .update(plans)
    .set({
      eas: sql`coalesce((select jsonb_agg(e) from jsonb_array_elements(${plans.eas}) e where e <> ${id}), '[]'::jsonb)`,
    })
    .where(
      and(
        planIds.length > 0 ? notInArray(plans.id, [...planIds]) : undefined,
        sql`${plans.eas} @> jsonb_build_array(${id})`,
      ),
    );
}

// --- Purchases -----------------------------------------------------------------------------------

/** Ids of the advisors a customer owns (bought, free ones included). */
export async function ownedAdvisorIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: advisorPurchases.advisorId })
    .from(advisorPurchases)
    .where(eq(advisorPurchases.userId, userId))
    .orderBy(asc(advisorPurchases.advisorId));
  return rows.map((r) => r.id);
}

export async function ownsAdvisor(db: DbOrTx, userId: number, advisorId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: advisorPurchases.id })
    .from(advisorPurchases)
    .where(and(eq(advisorPurchases.userId, userId), eq(advisorPurchases.advisorId, advisorId)));
  return row !== undefined;
}

/**
 * Records a purchase unless this customer already owns the advisor. A concurrent purchase of the
 * same advisor waits here on the unique index and then finds the row: undefined, never an error
 * that would abort the transaction.
 */
export async function insertPurchase(
  db: DbOrTx,
  values: typeof advisorPurchases.$inferInsert,
): Promise<PurchaseRow | undefined> {
  const [row] = await db.insert(advisorPurchases).values(values).onConflictDoNothing().returning();
  return row;
}

export async function countDownload(db: DbOrTx, advisorId: number): Promise<void> {
  await db
    .update(expertAdvisors)
    .set({ downloads: sql`${expertAdvisors.downloads} + 1` })
    .where(eq(expertAdvisors.id, advisorId));
}

// --- Runs and AutoTrader -------------------------------------------------------------------------

/** Whether the customer has an AutoTrader run going (SPEC §3 User.autotrader: approved and running). */
export async function hasRunningAutoTrader(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: advisorRuns.id })
    .from(advisorRuns)
    .where(
      and(
        eq(advisorRuns.userId, userId),
        eq(advisorRuns.kind, 'autotrader'),
        eq(advisorRuns.status, 'running'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function pendingAutoTraderRequest(db: DbOrTx, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: approvals.id })
    .from(approvals)
    .where(
      and(
        eq(approvals.kind, 'autotrader'),
        eq(approvals.status, 'pending'),
        eq(approvals.objectId, String(userId)),
      ),
    )
    .limit(1);
  return row?.id;
}

/** A customer's row, locked for the rest of the transaction (one AutoTrader request at a time). */
export async function lockCustomerRow(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      status: users.status,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

export async function setAutoTrader(
  db: DbOrTx,
  userId: number,
  level: 'low' | 'medium' | 'high',
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ autotrader: true, autotraderLevel: level, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Running Expert Advisor runs of one advisor, optionally only of customers on some plans. */
export async function runningRunsOf(
  db: DbOrTx,
  advisorId: number,
  onPlans?: readonly number[],
): Promise<number[]> {
  if (onPlans !== undefined && onPlans.length === 0) return [];
  const rows = await db
    .select({ id: advisorRuns.id })
    .from(advisorRuns)
    .innerJoin(users, eq(users.id, advisorRuns.userId))
    .where(
      and(
        eq(advisorRuns.advisorId, advisorId),
        eq(advisorRuns.kind, 'ea'),
        eq(advisorRuns.status, 'running'),
        onPlans === undefined ? undefined : inArray(users.planId, [...onPlans]),
      ),
    )
    .orderBy(asc(advisorRuns.id));
  return rows.map((r) => r.id);
}

// --- Performance ---------------------------------------------------------------------------------

/** Every run with what it traded (legs name the advisors of an AutoTrader run). */
export async function allRuns(db: DbOrTx) {
  return db
    .select({
      id: advisorRuns.id,
      kind: advisorRuns.kind,
      advisorId: advisorRuns.advisorId,
      status: advisorRuns.status,
      legs: advisorRuns.legs,
    })
    .from(advisorRuns)
    .orderBy(asc(advisorRuns.id));
}

/**
 * Closed trades of runs, summed per run, instrument, advisor name, account currency and book: the
 * grain at which a trade can be attributed to one advisor of a run and its P/L converted.
 */
export async function closedRunTrades(db: DbOrTx) {
  const rows = await db
    .select({
      runId: sql<number>`${trades.advisorRunId}`.mapWith(Number),
      assetId: trades.assetId,
      originName: trades.originName,
      currency: tradingAccounts.currency,
      book: tradingAccounts.kind,
      trades: sql<number>`count(*)::int`,
      wins: sql<number>`(count(*) filter (where ${trades.pnlCents} > 0))::int`,
      pnlCents: sql<string>`coalesce(sum(${trades.pnlCents}), 0)::text`,
    })
    .from(trades)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, trades.tradingAccountId))
    .where(
      and(
        inArray(trades.origin, ['ea', 'autotrader']),
        isNotNull(trades.advisorRunId),
        eq(trades.status, 'closed'),
        isNotNull(trades.pnlCents),
      ),
    )
    .groupBy(
      trades.advisorRunId,
      trades.assetId,
      trades.originName,
      tradingAccounts.currency,
      tradingAccounts.kind,
    );
  return rows.map((r) => ({ ...r, pnlCents: BigInt(r.pnlCents) }));
}

/** PostgreSQL's unique_violation (23505) anywhere in the error's causes, optionally on one index. */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  for (let c: unknown = e, depth = 0; c instanceof Error && depth < 6; c = c.cause, depth++) {
    const err = c as Error & { code?: unknown; constraint?: unknown };
    if (err.code !== '23505') continue;
    return constraint === undefined || err.constraint === undefined || err.constraint === constraint;
  }
  return false;
}
