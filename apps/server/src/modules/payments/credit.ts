import {
  DEPOSIT_REJECTION_CODES,
  DEPOSIT_REJECTION_LABELS,
  type DepositStatus,
  feeCents,
  formatMoney,
} from '@openbroker/domain';
import { AppError } from '../../errors.ts';
import type { AccountsWork } from '../accounts/work.ts';
import { insertNotification, type NotificationRow } from '../notifications/repo.ts';
import type { PaymentsContext } from './context.ts';
import { type PaymentMethodRow, usdCentsTo } from './methods.ts';
import { type DepositRow, moveDeposit } from './repo.ts';

const METHOD_WORDS = { card: 'card', wire: 'bank wire', crypto: 'crypto' } as const;

/** The method's fee on an amount in the account's currency (the fixed part is set in USD). */
export function depositFee(
  ctx: PaymentsContext,
  row: PaymentMethodRow,
  amountCents: bigint,
  currency: string,
): bigint {
  const fixed = row.feeFixedCents === 0n ? 0n : usdCentsTo(ctx.deps.market, row.feeFixedCents, currency);
  if (fixed === undefined) throw noRate(currency);
  return feeCents(amountCents, row.feeBps, fixed);
}

export function noRate(currency: string): AppError {
  return new AppError(
    'CONFLICT',
    `There is no live exchange rate for ${currency} right now. Please try again in a moment.`,
  );
}

/**
 * Completes a deposit and credits it (DESIGN §11): the account is locked first, then the deposit
 * moves to `completed` by compare-and-set, and only the winner books the ledger: the amount from
 * the house `cash` account, then the fee to `revenue`, both referring to the deposit. Undefined
 * when the deposit was already decided (a replay or a race lost), with nothing booked.
 */
export async function creditDeposit(
  ctx: PaymentsContext,
  work: AccountsWork,
  d: DepositRow,
  input: { amountCents: bigint; feeCents: bigint; createdBy: number | null; set?: Partial<DepositRow> },
): Promise<{ deposit: DepositRow; note: NotificationRow } | undefined> {
  const account = await work.lockOne(d.tradingAccountId);
  if (!account) throw new Error(`deposit ${d.id}: account ${d.tradingAccountId} is gone`);
  // Guards against a bug, not a customer: deposits are only ever made on live accounts in their currency.
  if (account.kind !== 'live' || account.currency !== d.currency)
    throw new Error(
      `deposit ${d.id} does not match account ${account.id} (${account.kind} ${account.currency})`,
    );
  if (input.amountCents <= 0n || input.feeCents < 0n || input.feeCents >= input.amountCents)
    throw new AppError('VALIDATION_FAILED', 'The amount must be greater than the fee.');
  const now = ctx.deps.clock.now();
  const moved = await moveDeposit(work.tx, d.id, 'completed', {
    ...input.set,
    amountCents: input.amountCents,
    feeCents: input.feeCents,
    decidedBy: input.createdBy,
    completedAt: now,
    updatedAt: now,
  });
  if (!moved) return undefined;
  const ref = { type: 'deposit', id: d.id };
  await work.post({
    tradingAccountId: account.id,
    field: 'balance',
    amountCents: input.amountCents,
    houseAccount: 'cash',
    kind: 'deposit',
    reason: `Deposit #${d.id} by ${METHOD_WORDS[d.method]}`,
    createdBy: input.createdBy,
    ref,
  });
  if (input.feeCents > 0n) {
    await work.post({
      tradingAccountId: account.id,
      field: 'balance',
      amountCents: -input.feeCents,
      houseAccount: 'revenue',
      kind: 'deposit_fee',
      reason: `Fee on deposit #${d.id}`,
      createdBy: input.createdBy,
      ref,
    });
  }
  const net = formatMoney(input.amountCents - input.feeCents, d.currency);
  const note = await insertNotification(work.tx, {
    userId: d.userId,
    title: 'Deposit completed',
    message:
      input.feeCents > 0n
        ? `${net} was credited to account ${account.number} (${formatMoney(input.amountCents, d.currency)} less a fee of ${formatMoney(input.feeCents, d.currency)}).`
        : `${net} was credited to account ${account.number}.`,
    color: 'success',
  });
  return { deposit: moved, note };
}

type Unhappy = Extract<DepositStatus, 'failed' | 'expired' | 'rejected'>;

/**
 * Ends a deposit without money (failed, expired, rejected), compare-and-set; the customer is told
 * why. Undefined when the deposit was already decided.
 */
export async function endDeposit(
  ctx: PaymentsContext,
  work: AccountsWork,
  d: DepositRow,
  to: Unhappy,
  why: { code: string; reason: string; decidedBy?: number | null; notify?: boolean },
): Promise<{ deposit: DepositRow; note: NotificationRow | undefined } | undefined> {
  const now = ctx.deps.clock.now();
  const moved = await moveDeposit(work.tx, d.id, to, {
    reasonCode: why.code,
    reason: why.reason,
    decidedBy: why.decidedBy ?? null,
    updatedAt: now,
  });
  if (!moved) return undefined;
  if (why.notify === false) return { deposit: moved, note: undefined };
  const amount = d.amountCents > 0n ? `${formatMoney(d.amountCents, d.currency)} ` : '';
  const label = (DEPOSIT_REJECTION_CODES as readonly string[]).includes(why.code)
    ? DEPOSIT_REJECTION_LABELS[why.code as (typeof DEPOSIT_REJECTION_CODES)[number]]
    : undefined;
  const note = await insertNotification(work.tx, {
    userId: d.userId,
    title: to === 'rejected' ? 'Deposit rejected' : to === 'expired' ? 'Deposit expired' : 'Deposit failed',
    message:
      to === 'rejected'
        ? `Your ${amount}deposit #${d.id} was rejected: ${label ?? why.code}. ${why.reason}`
        : `Your ${amount}deposit #${d.id} ${to === 'expired' ? 'expired' : 'failed'}: ${why.reason}`,
    color: 'danger',
  });
  return { deposit: moved, note };
}
