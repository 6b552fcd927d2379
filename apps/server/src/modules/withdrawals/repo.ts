import type { WithdrawalMethod, WithdrawalStatus } from '@openbroker/domain';
import { and, asc, desc, eq, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { trades, tradingAccounts, users } from '../../db/schema.ts';
import { deposits, paymentMethods, withdrawals } from '../../db/schemaMoney.ts';
import type { DbOrTx, Tx } from '../accounts/repo.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type NewWithdrawal = typeof withdrawals.$inferInsert;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
/** A withdrawal with the account number customers and staff read it by. */
export type WithdrawalWithAccount = WithdrawalRow & { accountNumber: string };

export const WITHDRAWALS_PER_PAGE = 20;

const withAccount = {
  w: withdrawals,
  accountNumber: tradingAccounts.number,
};

export async function paymentMethodRows(db: DbOrTx): Promise<PaymentMethodRow[]> {
  return db.select().from(paymentMethods).orderBy(asc(paymentMethods.key));
}

export async function paymentMethodRow(db: DbOrTx, key: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.key, key));
  return row;
}

export async function insertWithdrawal(tx: Tx, values: NewWithdrawal): Promise<WithdrawalRow> {
  const [row] = await tx.insert(withdrawals).values(values).returning();
  if (!row) throw new Error('withdrawal insert returned nothing');
  return row;
}

/**
 * Compare-and-set (DESIGN §11): moves a withdrawal to `to` only if it is still in one of `from`
 * (and matches `also`); undefined when another request moved it first.
 */
export async function moveWithdrawal(
  tx: DbOrTx,
  id: number,
  from: readonly WithdrawalStatus[],
  set: Partial<NewWithdrawal> & { status?: WithdrawalStatus },
  also?: SQL,
): Promise<WithdrawalRow | undefined> {
  const [row] = await tx
    .update(withdrawals)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, [...from]), also))
    .returning();
  return row;
}

export async function readWithdrawal(db: DbOrTx, id: number): Promise<WithdrawalWithAccount | undefined> {
  const [row] = await db
    .select(withAccount)
    .from(withdrawals)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, withdrawals.tradingAccountId))
    .where(eq(withdrawals.id, id));
  return row ? { ...row.w, accountNumber: row.accountNumber } : undefined;
}

export async function pageOfUserWithdrawals(
  db: DbOrTx,
  userId: number,
  page: number,
): Promise<{ rows: WithdrawalWithAccount[]; total: number }> {
  const rows = await db
    .select({ ...withAccount, total: sql<number>`(count(*) over())::int` })
    .from(withdrawals)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, withdrawals.tradingAccountId))
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.id))
    .limit(WITHDRAWALS_PER_PAGE)
    .offset((page - 1) * WITHDRAWALS_PER_PAGE);
  return {
    rows: rows.map((r) => ({ ...r.w, accountNumber: r.accountNumber })),
    total: rows[0]?.total ?? 0,
  };
}

export interface AdminWithdrawalRow extends WithdrawalWithAccount {
  user: { id: number; firstName: string; lastName: string; email: string };
  firstApproverName: string | null;
  accountBalanceCents: bigint;
}

const staffName = sql<
  string | null
>`(select coalesce(nullif(trim(s.first_name || ' ' || s.last_name), ''), s.email)
  from users s where s.id = ${withdrawals.firstApprovedBy})`;

function adminSelect(db: DbOrTx) {
  return db
    .select({
      ...withAccount,
      accountBalanceCents: tradingAccounts.balanceCents,
      user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      firstApproverName: staffName,
      total: sql<number>`(count(*) over())::int`,
    })
    .from(withdrawals)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, withdrawals.tradingAccountId))
    .innerJoin(users, eq(users.id, withdrawals.userId));
}

type AdminSelected = Awaited<ReturnType<ReturnType<typeof adminSelect>['execute']>>[number];
const toAdminRow = (r: AdminSelected): AdminWithdrawalRow => ({
  ...r.w,
  accountNumber: r.accountNumber,
  user: r.user,
  firstApproverName: r.firstApproverName,
  accountBalanceCents: r.accountBalanceCents,
});

/** The staff queue: filtered by status, method and a search (name, email, account, id), oldest waiting first. */
export async function pageOfAdminWithdrawals(
  db: DbOrTx,
  q: { status?: WithdrawalStatus; method?: WithdrawalMethod; q?: string; page: number },
): Promise<{ rows: AdminWithdrawalRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [];
  if (q.status) conditions.push(eq(withdrawals.status, q.status));
  if (q.method) conditions.push(eq(withdrawals.method, q.method));
  if (q.q) {
    const p = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const asId = /^\d+$/.test(q.q) ? Number(q.q) : undefined;
    conditions.push(
      or(
        sql`${users.firstName} || ' ' || ${users.lastName} ilike ${p}`,
        sql`${users.email} ilike ${p}`,
        sql`${tradingAccounts.number} ilike ${p}`,
        asId !== undefined && Number.isSafeInteger(asId) ? eq(withdrawals.id, asId) : undefined,
      ),
    );
  }
  const rows = await adminSelect(db)
    .where(and(...conditions))
    // What waits on staff first, oldest first; then the rest, newest first.
    .orderBy(
      sql`case when ${withdrawals.status} in ('held', 'approved', 'processing') then 0 else 1 end`,
      sql`case when ${withdrawals.status} in ('held', 'approved', 'processing') then ${withdrawals.id} else -${withdrawals.id} end`,
    )
    .limit(WITHDRAWALS_PER_PAGE)
    .offset((q.page - 1) * WITHDRAWALS_PER_PAGE);
  return { rows: rows.map(toAdminRow), total: rows[0]?.total ?? 0 };
}

export async function readAdminWithdrawal(db: DbOrTx, id: number): Promise<AdminWithdrawalRow | undefined> {
  const [row] = await adminSelect(db).where(eq(withdrawals.id, id));
  return row ? toAdminRow(row) : undefined;
}

/** A card withdrawal's destination: the card deposits it pays back, oldest first. */
export interface CardAllocation {
  deposit_id: number;
  /** Cents of the account currency, as text (JSON has no bigint). */
  amount_cents: string;
  card_last4: string | null;
}

/**
 * Completed card deposits of an account with what each can still take back: the amount paid
 * less what earlier card withdrawals (not rejected or cancelled) allocated to it; oldest first.
 * Read under the account's lock when a withdrawal is made, so two cannot allocate the same money.
 */
export async function refundableCardDeposits(
  db: DbOrTx,
  accountId: number,
): Promise<{ depositId: number; cardLast4: string | null; refundableCents: bigint }[]> {
  const [paid, earlier] = await Promise.all([
    db
      .select({ id: deposits.id, amountCents: deposits.amountCents, cardLast4: deposits.cardLast4 })
      .from(deposits)
      .where(
        and(
          eq(deposits.tradingAccountId, accountId),
          eq(deposits.method, 'card'),
          eq(deposits.status, 'completed'),
        ),
      )
      .orderBy(asc(deposits.id)),
    db
      .select({ destination: withdrawals.destination })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.tradingAccountId, accountId),
          eq(withdrawals.method, 'card'),
          notInArray(withdrawals.status, ['rejected', 'cancelled']),
        ),
      ),
  ]);
  const taken = new Map<number, bigint>();
  for (const w of earlier) {
    const allocations = (w.destination.deposits ?? []) as CardAllocation[];
    for (const a of allocations)
      taken.set(a.deposit_id, (taken.get(a.deposit_id) ?? 0n) + BigInt(a.amount_cents));
  }
  return paid.map((d) => ({
    depositId: d.id,
    cardLast4: d.cardLast4,
    refundableCents: d.amountCents - (taken.get(d.id) ?? 0n),
  }));
}

/** Whether the customer has a completed card deposit on this account (a card can be paid back). */
export async function hasCardDeposits(db: DbOrTx, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: deposits.id })
    .from(deposits)
    .where(
      and(
        eq(deposits.tradingAccountId, accountId),
        eq(deposits.method, 'card'),
        eq(deposits.status, 'completed'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const RECENT = 5;

/** What staff read beside a withdrawal: the client's latest money movements and trading. */
export async function clientActivity(db: DbOrTx, userId: number, accountId: number, since: Date) {
  const [recentDeposits, recentWithdrawals, tradeStats, totals] = await Promise.all([
    db
      .select({
        id: deposits.id,
        method: deposits.method,
        accountNumber: tradingAccounts.number,
        currency: deposits.currency,
        amountCents: deposits.amountCents,
        status: deposits.status,
        createdAt: deposits.createdAt,
      })
      .from(deposits)
      .innerJoin(tradingAccounts, eq(tradingAccounts.id, deposits.tradingAccountId))
      .where(eq(deposits.userId, userId))
      .orderBy(desc(deposits.id))
      .limit(RECENT),
    db
      .select({
        id: withdrawals.id,
        method: withdrawals.method,
        accountNumber: tradingAccounts.number,
        currency: withdrawals.currency,
        amountCents: withdrawals.amountCents,
        status: withdrawals.status,
        createdAt: withdrawals.createdAt,
      })
      .from(withdrawals)
      .innerJoin(tradingAccounts, eq(tradingAccounts.id, withdrawals.tradingAccountId))
      .where(eq(withdrawals.userId, userId))
      .orderBy(desc(withdrawals.id))
      .limit(RECENT + 1),
    db
      .select({
        open: sql<number>`(count(*) filter (where ${trades.status} = 'open'))::int`,
        closedRecent: sql<number>`(count(*) filter (where ${trades.status} = 'closed' and ${trades.closedAt} >= ${since.toISOString()}))::int`,
        pnlRecent: sql<string>`coalesce(sum(${trades.pnlCents}) filter (where ${trades.status} = 'closed' and ${trades.closedAt} >= ${since.toISOString()}), 0)::text`,
        pnlTotal: sql<string>`coalesce(sum(${trades.pnlCents}) filter (where ${trades.status} = 'closed'), 0)::text`,
      })
      .from(trades)
      .where(eq(trades.tradingAccountId, accountId)),
    db
      .select({
        deposited: sql<string>`coalesce((select sum(${deposits.amountCents}) from ${deposits}
          where ${deposits.tradingAccountId} = ${accountId} and ${deposits.status} = 'completed'), 0)::text`,
        withdrawn: sql<string>`coalesce((select sum(${withdrawals.amountCents}) from ${withdrawals}
          where ${withdrawals.tradingAccountId} = ${accountId} and ${withdrawals.status} = 'completed'), 0)::text`,
      })
      .from(sql`(select 1) as one`),
  ]);
  const stats = tradeStats[0];
  return {
    recentDeposits,
    recentWithdrawals,
    openPositions: stats?.open ?? 0,
    closedRecent: stats?.closedRecent ?? 0,
    pnlRecentCents: BigInt(stats?.pnlRecent ?? '0'),
    pnlTotalCents: BigInt(stats?.pnlTotal ?? '0'),
    depositedCents: BigInt(totals[0]?.deposited ?? '0'),
    withdrawnCents: BigInt(totals[0]?.withdrawn ?? '0'),
  };
}
