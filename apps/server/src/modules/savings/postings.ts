import {
  accrueDays,
  daysToAccrue,
  formatMoney,
  SAVINGS_TRANSITIONS,
  statesLeadingTo,
} from '@openbroker/domain';
import { AppError } from '../../errors.ts';
import type { AccountsWork } from '../accounts/work.ts';
import { insertNotification, type NotificationRow } from '../notifications/repo.ts';
import { markRedeemed, type PositionRow, type ProductRow, recordAccrual } from './repo.ts';

/** What the ledger rows of a savings position point at. */
export const positionRef = (id: number) => ({ type: 'savings_position', id });

/** A backlog longer than this (the job was down for a year) is worked through over several runs. */
const MAX_DAYS_PER_RUN = 400;

/** Another run accrued the same days first; the caller rolls back and leaves them to it. */
export class AccrualRace extends Error {
  constructor(readonly positionId: number) {
    super(`savings position ${positionId} was accrued by another run`);
  }
}

/**
 * Accrues a position's finished days up to `now` (the domain's end-of-day rule): each day's whole
 * cents move from the house `interest` account to the house `savings` account (a house-only
 * journal; the customer's account sees the interest when the deposit is redeemed), and the
 * position's total, carry and last accrued day move with compare-and-set on that day, so two runs
 * never accrue a day twice. Throws {@link AccrualRace} when another run got there first.
 */
export async function accrueInWork(work: AccountsWork, p: PositionRow, now: Date): Promise<PositionRow> {
  const days = daysToAccrue(p, now).slice(0, MAX_DAYS_PER_RUN);
  const last = days.at(-1);
  if (last === undefined) return p;
  const r = accrueDays(p.principalCents, p.annualRateBps, p.carryRemainder, days.length);
  const updated = await recordAccrual(work.tx, p, {
    accruedCents: p.accruedCents + r.total,
    carryRemainder: r.carry,
    accruedThrough: last,
  });
  if (!updated) throw new AccrualRace(p.id);
  for (const [i, day] of days.entries()) {
    const cents = r.perDay[i] ?? 0n;
    if (cents === 0n) continue;
    await work.journal({
      currency: p.currency,
      book: 'live',
      kind: 'savings_interest',
      reason: `Interest for ${day} on savings deposit #${p.id}`,
      createdBy: null,
      ref: positionRef(p.id),
      lines: [
        { houseAccount: 'interest', amountCents: -cents },
        { houseAccount: 'savings', amountCents: cents },
      ],
    });
  }
  return updated;
}

export type RedeemCause = 'customer' | 'maturity';

/**
 * Redeems a position whose account and row the caller holds locked: accrues the days still owed,
 * moves it to `redeemed` (compare-and-set), and pays the account from the house `savings` account
 * in two journals, the principal (`savings_redeem`) and the interest (`savings_interest`), so a
 * statement tells them apart from the ledger alone. Returns the row and the customer's notice.
 */
export async function redeemInWork(
  work: AccountsWork,
  position: PositionRow,
  product: ProductRow,
  now: Date,
  cause: RedeemCause,
): Promise<{ row: PositionRow; note: NotificationRow }> {
  const accrued = await accrueInWork(work, position, now);
  const row = await markRedeemed(work.tx, position.id, statesLeadingTo(SAVINGS_TRANSITIONS, 'redeemed'), now);
  if (!row) throw new AppError('CONFLICT', 'This savings deposit has already been redeemed.');
  const account = work.account(position.tradingAccountId);
  const ref = positionRef(position.id);
  await work.journal({
    currency: position.currency,
    book: 'live',
    kind: 'savings_redeem',
    reason: `Savings deposit #${position.id} redeemed (${cause})`,
    createdBy: null,
    ref,
    lines: [
      { tradingAccountId: account.id, amountCents: position.principalCents },
      { houseAccount: 'savings', amountCents: -position.principalCents },
    ],
  });
  if (accrued.accruedCents > 0n) {
    await work.journal({
      currency: position.currency,
      book: 'live',
      kind: 'savings_interest',
      reason: `Interest paid on savings deposit #${position.id}`,
      createdBy: null,
      ref,
      lines: [
        { tradingAccountId: account.id, amountCents: accrued.accruedCents },
        { houseAccount: 'savings', amountCents: -accrued.accruedCents },
      ],
    });
  }
  const money = (c: bigint) => formatMoney(c, position.currency);
  const note = await insertNotification(work.tx, {
    userId: position.userId,
    title: cause === 'maturity' ? 'Savings deposit matured' : 'Savings deposit redeemed',
    message:
      `${product.name}: ${money(position.principalCents)} and ${money(accrued.accruedCents)} interest ` +
      `were paid back to account ${account.number}.`,
    color: 'success',
  });
  return { row, note };
}
