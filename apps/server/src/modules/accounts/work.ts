import type { trades } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { OpenTotal } from './openTotals.ts';
import {
  type AccountRow,
  type Journal,
  type LockedRow,
  lockAccountRows,
  lockUserAccountRow,
  lockUserAccountWithTotals,
  type Posting,
  type Tx,
  writeJournal,
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

  /**
   * {@link lockOfUser} that also brings the account's open positions summed per instrument and side
   * (for the free-margin check of a market order) in the same round trip. `totals` is undefined
   * when the account was already held, or when they could not be read consistently with the lock
   * (accounts/repo.ts); read them afresh then.
   */
  async lockOfUserWithTotals(
    userId: number,
    accountId: number | undefined,
  ): Promise<{ row: LockedRow; totals: OpenTotal[] | undefined } | undefined> {
    const known = accountId === undefined ? undefined : this.held.get(accountId);
    if (known) return known.row.userId === userId ? { row: known.row, totals: undefined } : undefined;
    const locked = await lockUserAccountWithTotals(this.tx, userId, accountId);
    if (locked) this.held.set(locked.row.id, { row: locked.row, trades: [], changed: false });
    return locked;
  }

  /** The account as this transaction has left it so far. */
  account(id: number): LockedRow {
    const t = this.held.get(id);
    if (!t) throw new Error(`account ${id} is not locked by this transaction`);
    return t.row;
  }

  /**
   * Books one change of a balance or credit against a house account (double entry), in the
   * account's currency and book. A change that would take the field below zero is refused, and
   * the transaction with it.
   */
  async post(p: Posting): Promise<AccountRow> {
    const row = this.account(p.tradingAccountId);
    await this.journal({
      currency: row.currency,
      book: row.kind,
      kind: p.kind,
      reason: p.reason,
      createdBy: p.createdBy,
      tradeId: p.tradeId,
      ref: p.ref,
      lines: [
        { tradingAccountId: row.id, field: p.field, amountCents: p.amountCents },
        { houseAccount: p.houseAccount, field: p.field, amountCents: -p.amountCents },
      ],
    });
    return this.account(row.id);
  }

  /**
   * Books a journal of any number of lines (DESIGN §11): they must sum to zero; each customer line
   * must be on an account this transaction holds, in the journal's currency and book, and may not
   * take its field below zero. House-only journals (interest, payouts) need no account.
   */
  async journal(j: Journal): Promise<void> {
    const sum = j.lines.reduce((acc, l) => acc + l.amountCents, 0n);
    if (sum !== 0n) throw new Error(`journal ${j.kind} does not balance (${sum})`);
    for (const l of j.lines) {
      if (l.tradingAccountId === undefined) continue;
      const row = this.account(l.tradingAccountId);
      if (row.currency !== j.currency || row.kind !== j.book) {
        throw new Error(
          `journal ${j.kind} in ${j.book}:${j.currency} touches account ${row.id} (${row.kind}:${row.currency})`,
        );
      }
      const field = l.field ?? 'balance';
      const current = field === 'balance' ? row.balanceCents : row.creditCents;
      if (current + l.amountCents < 0n) {
        throw new AppError('CONFLICT', `This would take the ${field} below zero.`);
      }
    }
    const moved = await writeJournal(this.tx, j);
    for (const [id, money] of moved) {
      const held = this.held.get(id);
      if (!held) continue;
      this.held.set(id, { row: { ...held.row, ...money }, trades: held.trades, changed: true });
    }
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
