import { randomUUID } from 'node:crypto';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, plans, tradingAccounts, users } from '../../db/schema.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
export type AccountRow = typeof tradingAccounts.$inferSelect;
/** An account as locked: the row and its owner's plan (for the risk levels of its snapshot). */
export type LockedRow = AccountRow & { planId: number | null };

export type LedgerField = 'balance' | 'credit';
export type HouseAccount = NonNullable<(typeof ledgerEntries.$inferInsert)['houseAccount']>;
export type EntryKind = (typeof ledgerEntries.$inferInsert)['kind'];

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

/** Opens a trading account with a zero balance (money arrives only through the ledger). */
export async function insertAccount(
  tx: DbOrTx,
  values: { userId: number; title?: string; currency?: string },
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
 * Writes one posting's two ledger rows (one transaction id) and moves the account by the same
 * amount; the caller holds the account's lock. Returns the account's new balance and credit.
 */
export async function writePosting(
  tx: Tx,
  p: Posting,
): Promise<{ balanceCents: bigint; creditCents: bigint }> {
  const txnId = randomUUID();
  const common = {
    txnId,
    field: p.field,
    kind: p.kind,
    reason: p.reason,
    createdBy: p.createdBy,
    tradeId: p.tradeId,
  };
  await tx.insert(ledgerEntries).values([
    { ...common, tradingAccountId: p.tradingAccountId, amountCents: p.amountCents },
    { ...common, houseAccount: p.houseAccount, amountCents: -p.amountCents },
  ]);
  const [updated] = await tx
    .update(tradingAccounts)
    .set(
      p.field === 'balance'
        ? { balanceCents: sql`${tradingAccounts.balanceCents} + ${p.amountCents}` }
        : { creditCents: sql`${tradingAccounts.creditCents} + ${p.amountCents}` },
    )
    .where(eq(tradingAccounts.id, p.tradingAccountId))
    .returning({ balanceCents: tradingAccounts.balanceCents, creditCents: tradingAccounts.creditCents });
  if (!updated) throw new Error('locked account vanished');
  return updated;
}

export interface LedgerMismatch {
  tradingAccountId: number | null;
  field: LedgerField | 'all';
  stored: bigint;
  fromEntries: bigint;
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
  const total = sums.reduce((acc, s) => acc + BigInt(s.total), 0n);
  if (total !== 0n) out.push({ tradingAccountId: null, field: 'all', stored: 0n, fromEntries: total });
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
