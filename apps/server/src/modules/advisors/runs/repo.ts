import { and, asc, count, desc, eq, gte, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { orderRequests, plans, trades, tradingAccounts, users } from '../../../db/schema.ts';
import { advisorDecisions, advisorPurchases, advisorRuns, expertAdvisors } from '../../../db/schemaBots.ts';
import type { DbOrTx, Tx } from '../../accounts/repo.ts';
import type { TradeRow } from '../../trading/repo.ts';

// The runs' SQL (DESIGN §13): run rows, their decision log, and what starting one checks.

export type RunRow = typeof advisorRuns.$inferSelect;
export type NewRun = typeof advisorRuns.$inferInsert;
export type DecisionRow = typeof advisorDecisions.$inferSelect;
export type NewDecision = typeof advisorDecisions.$inferInsert;
export type AdvisorRow = typeof expertAdvisors.$inferSelect;

export async function findAdvisor(db: DbOrTx, id: number): Promise<AdvisorRow | undefined> {
  const [row] = await db.select().from(expertAdvisors).where(eq(expertAdvisors.id, id));
  return row;
}

/** Whether the customer bought (or was given) this advisor. */
export async function owns(db: DbOrTx, userId: number, advisorId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: advisorPurchases.id })
    .from(advisorPurchases)
    .where(and(eq(advisorPurchases.userId, userId), eq(advisorPurchases.advisorId, advisorId)));
  return row !== undefined;
}

/** The advisor ids the customer's plan includes (SPEC §3 plan `eas`). */
export async function planAdvisorIds(db: DbOrTx, planId: number | null): Promise<number[]> {
  if (planId === null) return [];
  const [row] = await db.select({ eas: plans.eas }).from(plans).where(eq(plans.id, planId));
  return row?.eas ?? [];
}

/** The catalogue advisors AutoTrader trades with (the broker's chosen set). */
export async function autoTraderAdvisors(db: DbOrTx): Promise<AdvisorRow[]> {
  return db
    .select()
    .from(expertAdvisors)
    .where(and(eq(expertAdvisors.active, true), eq(expertAdvisors.autotrader, true)))
    .orderBy(asc(expertAdvisors.id));
}

/** A new running run, or undefined when the customer already has one running of its kind. */
export async function insertRun(tx: DbOrTx, values: NewRun): Promise<RunRow | undefined> {
  const [row] = await tx.insert(advisorRuns).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findRun(db: DbOrTx, id: number): Promise<RunRow | undefined> {
  const [row] = await db.select().from(advisorRuns).where(eq(advisorRuns.id, id));
  return row;
}

/** The customer's running run of this advisor, or their running AutoTrader (advisorId null). */
export async function runningRunOf(
  db: DbOrTx,
  userId: number,
  advisorId: number | null,
): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(advisorRuns)
    .where(
      and(
        eq(advisorRuns.userId, userId),
        eq(advisorRuns.status, 'running'),
        advisorId === null ? eq(advisorRuns.kind, 'autotrader') : eq(advisorRuns.advisorId, advisorId),
      ),
    );
  return row;
}

export async function runningRuns(db: DbOrTx): Promise<RunRow[]> {
  return db.select().from(advisorRuns).where(eq(advisorRuns.status, 'running')).orderBy(asc(advisorRuns.id));
}

export async function runningRunsOfUser(db: DbOrTx, userId: number): Promise<RunRow[]> {
  return db
    .select()
    .from(advisorRuns)
    .where(and(eq(advisorRuns.userId, userId), eq(advisorRuns.status, 'running')));
}

export async function runningRunsOfAccount(db: DbOrTx, accountId: number): Promise<RunRow[]> {
  return db
    .select()
    .from(advisorRuns)
    .where(and(eq(advisorRuns.tradingAccountId, accountId), eq(advisorRuns.status, 'running')));
}

/** running → stopped, once (compare-and-set): undefined when it was no longer running. */
export async function markStopped(
  tx: Tx,
  id: number,
  stop: { reason: string; note: string | null; by: number | null; at: Date },
): Promise<RunRow | undefined> {
  const [row] = await tx
    .update(advisorRuns)
    .set({
      status: 'stopped',
      stopReason: stop.reason,
      stopNote: stop.note,
      stoppedBy: stop.by,
      stoppedAt: stop.at,
    })
    .where(and(eq(advisorRuns.id, id), eq(advisorRuns.status, 'running')))
    .returning();
  return row;
}

/** Saves a running run's resumable state (a stopped run keeps the state it stopped with). */
export async function saveRunState(db: DbOrTx, id: number, state: Record<string, unknown>): Promise<void> {
  await db
    .update(advisorRuns)
    .set({ state })
    .where(and(eq(advisorRuns.id, id), eq(advisorRuns.status, 'running')));
}

/**
 * The AutoTrader flag follows its run: true while one runs (SPEC §3 user `autotrader`), with the
 * level it runs at.
 */
export async function setAutoTraderFlag(
  tx: DbOrTx,
  userId: number,
  on: boolean,
  level?: 'low' | 'medium' | 'high',
): Promise<void> {
  await tx
    .update(users)
    .set({ autotrader: on, ...(level ? { autotraderLevel: level } : {}), updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function insertDecisions(db: DbOrTx, rows: NewDecision[]): Promise<void> {
  if (rows.length > 0) await db.insert(advisorDecisions).values(rows);
}

/** A run's latest decisions, newest first. */
export async function decisionsOf(db: Db, runId: number, limit: number): Promise<DecisionRow[]> {
  return db
    .select()
    .from(advisorDecisions)
    .where(eq(advisorDecisions.runId, runId))
    .orderBy(desc(advisorDecisions.id))
    .limit(limit);
}

/** A customer's runs: running ones first, then the latest. */
export async function runsOfUser(db: Db, userId: number, limit: number): Promise<RunRow[]> {
  return db
    .select()
    .from(advisorRuns)
    .where(eq(advisorRuns.userId, userId))
    .orderBy(sql`${advisorRuns.status} = 'running' desc`, desc(advisorRuns.id))
    .limit(limit);
}

/** Who a run belongs to, as the staff list shows it. */
export interface StaffRunExtras {
  email: string;
  userName: string;
  accountNumber: string;
}

/** Every client's runs for staff, newest first, optionally of one status. */
export async function pageOfRuns(
  db: Db,
  status: RunRow['status'] | undefined,
  page: number,
  perPage: number,
): Promise<{ rows: (RunRow & StaffRunExtras)[]; total: number }> {
  const where = status ? eq(advisorRuns.status, status) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({
        run: advisorRuns,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        accountNumber: tradingAccounts.number,
      })
      .from(advisorRuns)
      .innerJoin(users, eq(users.id, advisorRuns.userId))
      .innerJoin(tradingAccounts, eq(tradingAccounts.id, advisorRuns.tradingAccountId))
      .where(where)
      .orderBy(desc(advisorRuns.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(advisorRuns).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r.run,
      email: r.email,
      userName: `${r.firstName} ${r.lastName}`.trim() || r.email,
      accountNumber: r.accountNumber,
    })),
    total: totals[0]?.n ?? 0,
  };
}

/** Open positions of these runs. */
export async function openTradesOfRuns(db: DbOrTx, runIds: readonly number[]): Promise<TradeRow[]> {
  if (runIds.length === 0) return [];
  return db
    .select()
    .from(trades)
    .where(and(inArray(trades.advisorRunId, [...runIds]), eq(trades.status, 'open')))
    .orderBy(asc(trades.id));
}

/** Open positions of these accounts (the equity of accounts that run advisors). */
export async function openTradesOfAccounts(db: DbOrTx, accountIds: readonly number[]): Promise<TradeRow[]> {
  if (accountIds.length === 0) return [];
  return db
    .select()
    .from(trades)
    .where(and(inArray(trades.tradingAccountId, [...accountIds]), eq(trades.status, 'open')));
}

/** The customer's latest run of an advisor, running or not. */
export async function latestRunOf(
  db: DbOrTx,
  userId: number,
  advisorId: number,
): Promise<RunRow | undefined> {
  const [row] = await db
    .select()
    .from(advisorRuns)
    .where(and(eq(advisorRuns.userId, userId), eq(advisorRuns.advisorId, advisorId)))
    .orderBy(desc(advisorRuns.id))
    .limit(1);
  return row;
}

/** Positions of these runs closed since `since` (today's realised P/L). */
export async function closedTradesOfRunsSince(
  db: Db,
  runIds: readonly number[],
  since: Date,
): Promise<Pick<TradeRow, 'advisorRunId' | 'pnlCents'>[]> {
  if (runIds.length === 0) return [];
  return db
    .select({ advisorRunId: trades.advisorRunId, pnlCents: trades.pnlCents })
    .from(trades)
    .where(
      and(
        inArray(trades.advisorRunId, [...runIds]),
        eq(trades.status, 'closed'),
        gte(trades.closedAt, since),
      ),
    );
}

/** Account currencies by id. */
export async function currenciesOf(db: Db, accountIds: readonly number[]): Promise<Map<number, string>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({ id: tradingAccounts.id, currency: tradingAccounts.currency })
    .from(tradingAccounts)
    .where(inArray(tradingAccounts.id, [...accountIds]));
  return new Map(rows.map((r) => [r.id, r.currency]));
}

/**
 * The highest order number each run has used (`run-{runId}-{n}` client order ids), so a resumed
 * run never reuses one even when the node that placed it died before saving its counter.
 */
export async function usedOrderNumbers(db: Db, accountIds: readonly number[]): Promise<Map<number, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orderRequests.clientOrderId })
    .from(orderRequests)
    .where(
      and(
        inArray(orderRequests.tradingAccountId, [...accountIds]),
        like(orderRequests.clientOrderId, 'run-%'),
      ),
    );
  const out = new Map<number, number>();
  for (const { id } of rows) {
    const m = /^run-(\d+)-(\d+)$/.exec(id);
    if (!m) continue;
    const run = Number(m[1]);
    const n = Number(m[2]);
    if (n > (out.get(run) ?? -1)) out.set(run, n);
  }
  return out;
}
