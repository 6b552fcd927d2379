import type { trades } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import {
  type AccountRow,
  type LockedRow,
  lockAccountRows,
  lockUserAccountRow,
  type Posting,
  type Tx,
  writePosting,
} from './repo.ts';

type TradeRow = typeof trades.$inferSelect;

/** What one transaction did to an account, published once after commit. */
export interface Touched {
  row: LockedRow;
  trades: TradeRow[];
  /** Locked only, or changed (a posting, a trade, or marked): only changed accounts are published. */
  changed: boolean;
}

/**
 * One transaction's view of the accounts it holds (DESIGN §3, §11): accounts are locked through it,
 * postings go only to accounts it has locked, and it remembers each account's state as the
 * transaction leaves it, so the accounts owner can publish "account changed" once after commit
 * without reading anything again.
 */
export class AccountsWork {
  private readonly held = new Map<number, Touched>();

  constructor(readonly tx: Tx) {}

  /** Locks accounts by id (ascending, whatever order they are given in); missing ids are left out. */
  async lock(ids: readonly number[]): Promise<LockedRow[]> {
    const fresh = ids.filter((id) => !this.held.has(id));
    for (const row of await lockAccountRows(this.tx, fresh))
      this.held.set(row.id, { row, trades: [], changed: false });
    return ids.flatMap((id) => {
      const t = this.held.get(id);
      return t ? [t.row] : [];
    });
  }

  async lockOne(id: number): Promise<LockedRow | undefined> {
    return (await this.lock([id]))[0];
  }

  /** A user's account (`accountId`, else their first), locked; undefined when it is not theirs. */
  async lockOfUser(userId: number, accountId: number | undefined): Promise<LockedRow | undefined> {
    const known = accountId === undefined ? undefined : this.held.get(accountId);
    if (known) return known.row.userId === userId ? known.row : undefined;
    const row = await lockUserAccountRow(this.tx, userId, accountId);
    if (row) this.held.set(row.id, { row, trades: [], changed: false });
    return row;
  }

  /** The account as this transaction has left it so far. */
  account(id: number): LockedRow {
    const t = this.held.get(id);
    if (!t) throw new Error(`account ${id} is not locked by this transaction`);
    return t.row;
  }

  /**
   * Books one change of a balance or credit against a house account (double entry). A change that
   * would take the field below zero is refused, and the transaction with it.
   */
  async post(p: Posting): Promise<AccountRow> {
    const row = this.account(p.tradingAccountId);
    const current = p.field === 'balance' ? row.balanceCents : row.creditCents;
    if (current + p.amountCents < 0n) {
      throw new AppError('CONFLICT', `This would take the ${p.field} below zero.`);
    }
    const moved = await writePosting(this.tx, p);
    const next = { ...row, ...moved };
    this.held.set(row.id, { row: next, trades: this.held.get(row.id)?.trades ?? [], changed: true });
    return next;
  }

  /** Trades the transaction wrote for this account, carried in the account's after-commit snapshot. */
  attachTrades(accountId: number, rows: readonly TradeRow[]): void {
    const t = this.held.get(accountId);
    if (!t) throw new Error(`account ${accountId} is not locked by this transaction`);
    t.trades.push(...rows);
    t.changed = true;
  }

  /** Marks an account changed without a posting or trade (e.g. its positions' margin moved). */
  markChanged(accountId: number): void {
    const t = this.held.get(accountId);
    if (!t) throw new Error(`account ${accountId} is not locked by this transaction`);
    t.changed = true;
  }

  /** The accounts this transaction changed, as it leaves them. */
  changed(): Touched[] {
    return [...this.held.values()].filter((t) => t.changed);
  }
}
