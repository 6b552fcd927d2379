import { randomUUID } from 'node:crypto';
import type { AccountKind, HouseAccount, LedgerKind } from '@openbroker/domain';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { type Db, runStatement, type Statement } from '../../db/client.ts';
import { ledgerEntries, plans, tradingAccounts, users } from '../../db/schema.ts';
import { OPEN_TOTALS_SQL, type OpenTotal, type OpenTotalsRaw, openTotalOf } from './openTotals.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
export type AccountRow = typeof tradingAccounts.$inferSelect;
/** An account as locked: the row and its owner's plan (for the risk levels of its snapshot). */
export type LockedRow = AccountRow & { planId: number | null };

export type LedgerField = 'balance' | 'credit';
export type EntryKind = LedgerKind;
export type { HouseAccount };

export interface Posting {
  tradingAccountId: number;
  field: LedgerField;
  /** Signed: positive adds to the customer's side. */
  amountCents: bigint;
  houseAccount: HouseAccount;
  kind: EntryKind;
  reason: string;
  createdBy: number | null;
  /** The position whose close this books, if any. */
  tradeId?: number;
  ref?: { type: string; id: number };
}

const lockedColumns = {
  ...getTableColumns(tradingAccounts),
  // Mapped as the column is: node-postgres returns a bare bigint expression as a string.
  planId: sql<
    number | null
  >`(select ${users.planId} from ${users} where ${users.id} = ${tradingAccounts.userId})`.mapWith(
    users.planId,
  ),
};

/**
 * Locks trading accounts for the rest of the transaction and bumps their revisions, in ascending id
 * order so two transactions touching the same accounts never deadlock (DESIGN §3). The owner's plan
 * comes back in the same statement.
 */
export async function lockAccountRows(tx: Tx, ids: readonly number[]): Promise<LockedRow[]> {
  const out: LockedRow[] = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const [row] = await tx
      .update(tradingAccounts)
      .set({ revision: sql`${tradingAccounts.revision} + 1` })
      .where(eq(tradingAccounts.id, id))
      .returning(lockedColumns);
    if (row) out.push(row);
  }
  return out;
}

/**
 * Locks a user's account in one round trip: `accountId` if given and theirs, else their first
 * account. Undefined when the user holds no such account.
 */
export async function lockUserAccountRow(
  tx: Tx,
  userId: number,
  accountId: number | undefined,
): Promise<LockedRow | undefined> {
  const target =
    accountId === undefined
      ? sql`(select id from ${tradingAccounts} where ${tradingAccounts.userId} = ${userId} order by id limit 1)`
      : sql`${accountId}`;
  const [row] = await tx
    .update(tradingAccounts)
    .set({ revision: sql`${tradingAccounts.revision} + 1` })
    .where(and(sql`${tradingAccounts.id} = ${target}`, eq(tradingAccounts.userId, userId)))
    .returning(lockedColumns);
  return row;
}

/**
 * {@link lockUserAccountRow} and the account's open positions summed per instrument and side
 * (`OPEN_TOTALS_SQL` of openTotals.ts, for the free-margin check) in one round trip, as a prepared
 * statement built once (bench/RESULTS.md, Orders). The totals are read in the statement's snapshot,
 * which in READ COMMITTED is taken before the lock is granted: when another transaction changed the
 * account while this one waited for it, the snapshot predates that commit and the totals would
 * miss its trades. Every transaction that writes trades holds the account's lock and bumps its
 * revision, so the snapshot is current exactly when the revision it saw is one below the one this
 * lock set; otherwise `totals` is undefined and the caller reads them afresh.
 */
export async function lockUserAccountWithTotals(
  tx: Tx,
  userId: number,
  accountId: number | undefined,
): Promise<{ row: LockedRow; totals: OpenTotal[] | undefined } | undefined> {
  const rows = await runStatement<LockWithTotalsRaw>(tx, lockWithTotalsStatement, [
    userId,
    accountId ?? null,
  ]);
  const first = rows[0];
  if (!first) return undefined;
  const row: LockedRow = {
    id: Number(first.id),
    userId: Number(first.user_id),
    number: first.number,
    title: first.title,
    kind: first.kind,
    currency: first.currency,
    balanceCents: BigInt(first.balance_cents),
    creditCents: BigInt(first.credit_cents),
    revision: Number(first.revision),
    createdAt: first.created_at instanceof Date ? first.created_at : new Date(first.created_at),
    planId: first.plan_id === null ? null : Number(first.plan_id),
  };
  const current = Number(first.seen_revision) + 1 === row.revision;
  return { row, totals: current ? rows.flatMap((r) => openTotalOf(r) ?? []) : undefined };
}

interface LockWithTotalsRaw extends OpenTotalsRaw {
  id: string;
  user_id: string;
  number: string;
  title: string;
  kind: AccountKind;
  currency: string;
  balance_cents: string;
  credit_cents: string;
  revision: string;
  created_at: Date | string;
  plan_id: string | null;
  seen_revision: string;
}

const lockWithTotalsStatement: Statement = {
  name: 'accounts_lock_user_account_with_totals',
  text: `with a as (
    update trading_accounts set revision = revision + 1
    where id = coalesce($2::bigint, (select id from trading_accounts where user_id = $1 order by id limit 1))
      and user_id = $1
    returning id, user_id, number, title, kind, currency, balance_cents, credit_cents, revision, created_at,
      (select plan_id from users where users.id = trading_accounts.user_id) as plan_id
  )
  select a.id::text as id, a.user_id::text as user_id, a.number, a.title, a.kind, a.currency,
    a.balance_cents::text as balance_cents, a.credit_cents::text as credit_cents, a.revision::text as revision,
    a.created_at, a.plan_id::text as plan_id,
    (select s.revision from trading_accounts s where s.id = a.id)::text as seen_revision,
    t.asset_id, t.side, t.n, t.units, t.units_price, t.margin_cents
  from a left join lateral (${OPEN_TOTALS_SQL.replace('$1', 'a.id')}) t on true`,
};

/** Opens a trading account with a zero balance (money arrives only through the ledger). */
export async function insertAccount(
  tx: DbOrTx,
  values: { userId: number; title?: string; currency?: string; kind?: AccountKind },
): Promise<AccountRow> {
  const [row] = await tx.insert(tradingAccounts).values(values).returning();
  if (!row) throw new Error('account insert returned nothing');
  return row;
}

/** An account with its owner's plan, unlocked (e.g. to read a plan's levels before a transaction). */
export async function readAccountWithPlan(db: DbOrTx, accountId: number): Promise<LockedRow | undefined> {
  const [row] = await db.select(lockedColumns).from(tradingAccounts).where(eq(tradingAccounts.id, accountId));
  return row;
}

export async function readAccount(db: DbOrTx, accountId: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(tradingAccounts).where(eq(tradingAccounts.id, accountId));
  return row;
}

/** A user's account (by id, else the first), unlocked, for reads. */
export async function userAccount(
  db: DbOrTx,
  userId: number,
  accountId: number | undefined,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(tradingAccounts)
    .where(
      and(
        eq(tradingAccounts.userId, userId),
        accountId === undefined ? undefined : eq(tradingAccounts.id, accountId),
      ),
    )
    .orderBy(asc(tradingAccounts.id))
    .limit(1);
  return row;
}

export async function accountsOfUser(db: DbOrTx, userId: number): Promise<AccountRow[]> {
  return db
    .select()
    .from(tradingAccounts)
    .where(eq(tradingAccounts.userId, userId))
    .orderBy(asc(tradingAccounts.id));
}

export async function accountsByIds(db: DbOrTx, ids: readonly number[]): Promise<AccountRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(tradingAccounts)
    .where(inArray(tradingAccounts.id, [...ids]));
}

/**
 * One ledger transaction (DESIGN §3, §11): lines in one currency and one book that sum to zero, each
 * on a customer account (which the caller holds locked) or on a house account. Most are two lines
 * (a posting); a fee splits a deposit in three; interest moves money between house accounts only.
 */
export interface Journal {
  currency: string;
  book: AccountKind;
  kind: EntryKind;
  reason: string;
  createdBy: number | null;
  tradeId?: number;
  /** The deposit, withdrawal, transfer or savings position the entries belong to. */
  ref?: { type: string; id: number };
  lines: readonly JournalLine[];
}

export type JournalLine =
  | { tradingAccountId: number; houseAccount?: undefined; field?: LedgerField; amountCents: bigint }
  | { houseAccount: HouseAccount; tradingAccountId?: undefined; field?: LedgerField; amountCents: bigint };

/**
 * Writes a journal's rows (one transaction id) and moves each customer account by its lines; the
 * caller holds the accounts' locks and has checked the lines sum to zero. Returns each touched
 * account's new balance and credit.
 */
export async function writeJournal(
  tx: Tx,
  j: Journal,
): Promise<Map<number, { balanceCents: bigint; creditCents: bigint }>> {
  const txnId = randomUUID();
  await tx.insert(ledgerEntries).values(
    j.lines.map((l) => ({
      txnId,
      tradingAccountId: l.tradingAccountId ?? null,
      houseAccount: l.houseAccount ?? null,
      field: l.field ?? 'balance',
      amountCents: l.amountCents,
      currency: j.currency,
      book: j.book,
      kind: j.kind,
      reason: j.reason,
      createdBy: j.createdBy,
      tradeId: j.tradeId,
      refType: j.ref?.type,
      refId: j.ref?.id,
    })),
  );
  const out = new Map<number, { balanceCents: bigint; creditCents: bigint }>();
  for (const l of j.lines) {
    if (l.tradingAccountId === undefined || l.amountCents === 0n) continue;
    const [updated] = await tx
      .update(tradingAccounts)
      .set(
        (l.field ?? 'balance') === 'balance'
          ? { balanceCents: sql`${tradingAccounts.balanceCents} + ${l.amountCents}` }
          : { creditCents: sql`${tradingAccounts.creditCents} + ${l.amountCents}` },
      )
      .where(eq(tradingAccounts.id, l.tradingAccountId))
      .returning({ balanceCents: tradingAccounts.balanceCents, creditCents: tradingAccounts.creditCents });
    if (!updated) throw new Error('locked account vanished');
    out.set(l.tradingAccountId, updated);
  }
  return out;
}

export interface LedgerMismatch {
  tradingAccountId: number | null;
  field: LedgerField | 'all';
  stored: bigint;
  fromEntries: bigint;
  /** For a book that does not sum to zero ("live:EUR"), or a row booked in another currency. */
  book?: string;
}

/**
 * The ledger invariant, for tests and operators: every account's balance and credit equal the sum
 * of its entries, and all entries sum to zero. Returns the mismatches (none when healthy).
 */
export async function checkLedger(db: DbOrTx): Promise<LedgerMismatch[]> {
  const accounts = await db.select().from(tradingAccounts);
  const sums = await db
    .select({
      tradingAccountId: ledgerEntries.tradingAccountId,
      field: ledgerEntries.field,
      total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text`,
    })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.tradingAccountId, ledgerEntries.field);
  const sumOf = (id: number, field: LedgerField) =>
    BigInt(sums.find((s) => s.tradingAccountId === id && s.field === field)?.total ?? '0');
  const out: LedgerMismatch[] = [];
  for (const a of accounts) {
    for (const [field, stored] of [
      ['balance', a.balanceCents],
      ['credit', a.creditCents],
    ] as const) {
      const fromEntries = sumOf(a.id, field);
      if (fromEntries !== stored) out.push({ tradingAccountId: a.id, field, stored, fromEntries });
    }
  }
  // Each book and currency sums to zero on its own: demo money never balances real money.
  const books = await db
    .select({
      book: ledgerEntries.book,
      currency: ledgerEntries.currency,
      total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::text`,
    })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.book, ledgerEntries.currency);
  for (const b of books) {
    const total = BigInt(b.total);
    if (total !== 0n)
      out.push({
        tradingAccountId: null,
        field: 'all',
        stored: 0n,
        fromEntries: total,
        book: `${b.book}:${b.currency}`,
      });
  }
  // A customer row's currency and book are its account's.
  const strays = await db
    .select({ id: ledgerEntries.tradingAccountId })
    .from(ledgerEntries)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, ledgerEntries.tradingAccountId))
    .where(
      sql`${ledgerEntries.currency} <> ${tradingAccounts.currency} or ${ledgerEntries.book} <> ${tradingAccounts.kind}`,
    )
    .limit(1);
  for (const s of strays)
    out.push({
      tradingAccountId: s.id,
      field: 'all',
      stored: 0n,
      fromEntries: 0n,
      book: 'mismatched currency or book',
    });
  return out;
}

/** Accounts with their owners' plan levels (margin call, stop-out), for the given ids. */
export async function accountsWithLevels(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      account: tradingAccounts,
      marginCallLevel: plans.marginCallLevel,
      stopOutLevel: plans.stopOutLevel,
    })
    .from(tradingAccounts)
    .innerJoin(users, eq(users.id, tradingAccounts.userId))
    .leftJoin(plans, eq(plans.id, users.planId))
    .where(inArray(tradingAccounts.id, ids));
}
