import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, tradingAccounts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

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

/** Locks a trading account row for the rest of the transaction (DESIGN §3: lock what you spend). */
export async function lockAccount(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(tradingAccounts).where(eq(tradingAccounts.id, id)).for('update');
  return row;
}

/**
 * Books one change of a customer's balance or credit: the account row is locked, two ledger rows
 * with one transaction id are written, and the account moves by the same amount, all inside the
 * caller's transaction. A change that would take the field below zero is refused.
 */
export async function post(tx: DbOrTx, p: Posting): Promise<{ balanceCents: bigint; creditCents: bigint }> {
  const account = await lockAccount(tx, p.tradingAccountId);
  if (!account) throw new AppError('NOT_FOUND', 'No such trading account.');
  const current = p.field === 'balance' ? account.balanceCents : account.creditCents;
  if (current + p.amountCents < 0n) {
    throw new AppError('CONFLICT', `This would take the ${p.field} below zero.`);
  }
  const txnId = randomUUID();
  await tx.insert(ledgerEntries).values([
    {
      txnId,
      tradingAccountId: p.tradingAccountId,
      field: p.field,
      amountCents: p.amountCents,
      kind: p.kind,
      reason: p.reason,
      createdBy: p.createdBy,
      tradeId: p.tradeId,
    },
    {
      txnId,
      houseAccount: p.houseAccount,
      field: p.field,
      amountCents: -p.amountCents,
      kind: p.kind,
      reason: p.reason,
      createdBy: p.createdBy,
      tradeId: p.tradeId,
    },
  ]);
  const column = p.field === 'balance' ? tradingAccounts.balanceCents : tradingAccounts.creditCents;
  const [updated] = await tx
    .update(tradingAccounts)
    .set(
      p.field === 'balance'
        ? { balanceCents: sql`${column} + ${p.amountCents}` }
        : { creditCents: sql`${column} + ${p.amountCents}` },
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
