import {
  DEPOSIT_TRANSITIONS,
  type DepositMethod,
  type DepositStatus,
  statesLeadingTo,
} from '@openbroker/domain';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { tradingAccounts, users } from '../../db/schema.ts';
import { cryptoWallets, deposits } from '../../db/schemaMoney.ts';
import type { DbOrTx, Tx } from '../accounts/repo.ts';

export type DepositRow = typeof deposits.$inferSelect;
export type WalletRow = typeof cryptoWallets.$inferSelect;

/** A deposit with what its presentation needs: the account number, the wallet, the customer. */
export interface DepositView {
  deposit: DepositRow;
  accountNumber: string;
  wallet: Pick<WalletRow, 'coin' | 'network' | 'address'> | null;
  user: { id: number; name: string; email: string };
}

export interface DepositFilter {
  userId?: number;
  status?: DepositStatus;
  method?: DepositMethod;
  walletId?: number;
  /** Staff search: a deposit id, account number, reference, or the customer's name or email. */
  q?: string;
}

const viewColumns = {
  deposit: deposits,
  accountNumber: tradingAccounts.number,
  walletCoin: cryptoWallets.coin,
  walletNetwork: cryptoWallets.network,
  walletAddress: cryptoWallets.address,
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

type ViewRow = {
  deposit: DepositRow;
  accountNumber: string;
  walletCoin: string | null;
  walletNetwork: string | null;
  walletAddress: string | null;
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
};

function toView(r: ViewRow): DepositView {
  return {
    deposit: r.deposit,
    accountNumber: r.accountNumber,
    wallet:
      r.walletCoin && r.walletNetwork && r.walletAddress
        ? { coin: r.walletCoin, network: r.walletNetwork, address: r.walletAddress }
        : null,
    user: {
      id: r.userId,
      name: [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email,
      email: r.email,
    },
  };
}

function conditions(f: DepositFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    f.userId === undefined ? undefined : eq(deposits.userId, f.userId),
    f.status ? eq(deposits.status, f.status) : undefined,
    f.method ? eq(deposits.method, f.method) : undefined,
    f.walletId === undefined ? undefined : eq(deposits.walletId, f.walletId),
  ];
  const q = f.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(
      or(
        /^\d{1,15}$/.test(q) ? eq(deposits.id, Number(q)) : undefined,
        ilike(tradingAccounts.number, like),
        ilike(deposits.reference, like),
        ilike(users.email, like),
        ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, like),
        ilike(deposits.providerRef, like),
      ),
    );
  }
  return and(...parts);
}

function selectViews(db: DbOrTx) {
  return db
    .select(viewColumns)
    .from(deposits)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, deposits.tradingAccountId))
    .innerJoin(users, eq(users.id, deposits.userId))
    .leftJoin(cryptoWallets, eq(cryptoWallets.id, deposits.walletId));
}

export async function depositViewById(db: DbOrTx, id: number): Promise<DepositView | undefined> {
  const [row] = await selectViews(db).where(eq(deposits.id, id));
  return row ? toView(row) : undefined;
}

/** One page of deposits, newest first, with the total. */
export async function pageOfDeposits(
  db: DbOrTx,
  filter: DepositFilter,
  page: number,
  perPage: number,
): Promise<{ rows: DepositView[]; total: number }> {
  const where = conditions(filter);
  const [rows, totals] = await Promise.all([
    selectViews(db)
      .where(where)
      .orderBy(desc(deposits.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: count() })
      .from(deposits)
      .innerJoin(tradingAccounts, eq(tradingAccounts.id, deposits.tradingAccountId))
      .innerJoin(users, eq(users.id, deposits.userId))
      .where(where),
  ]);
  return { rows: rows.map(toView), total: totals[0]?.n ?? 0 };
}

export async function depositById(db: DbOrTx, id: number): Promise<DepositRow | undefined> {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id));
  return row;
}

export async function depositByProviderRef(
  db: DbOrTx,
  provider: string,
  ref: string,
): Promise<DepositRow | undefined> {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.provider, provider), eq(deposits.providerRef, ref)));
  return row;
}

/**
 * Compare-and-set of a deposit's status (DESIGN §11): the row moves only from a state the
 * transition table allows, so of two racing transitions exactly one applies. Undefined when this
 * one lost (or the move is not allowed from where the deposit is now).
 */
export async function moveDeposit(
  tx: Tx,
  id: number,
  to: DepositStatus,
  set: Partial<Omit<DepositRow, 'id' | 'status'>>,
  extra?: SQL,
): Promise<DepositRow | undefined> {
  const [row] = await tx
    .update(deposits)
    .set({ ...set, status: to })
    .where(
      and(eq(deposits.id, id), inArray(deposits.status, statesLeadingTo(DEPOSIT_TRANSITIONS, to)), extra),
    )
    .returning();
  return row;
}

/** What a customer has deposited so far (completed), per currency, for the verification limit. */
export async function completedTotals(
  db: DbOrTx,
  userId: number,
): Promise<{ currency: string; cents: bigint }[]> {
  const rows = await db
    .select({
      currency: deposits.currency,
      cents: sql<string>`coalesce(sum(${deposits.amountCents}), 0)::text`,
    })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.status, 'completed')))
    .groupBy(deposits.currency);
  return rows.map((r) => ({ currency: r.currency, cents: BigInt(r.cents) }));
}

export async function walletOfUser(db: DbOrTx, userId: number, id: number): Promise<WalletRow | undefined> {
  const [row] = await db
    .select()
    .from(cryptoWallets)
    .where(and(eq(cryptoWallets.id, id), eq(cryptoWallets.userId, userId)));
  return row;
}
