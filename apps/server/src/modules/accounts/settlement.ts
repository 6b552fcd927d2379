import { settlementSplit } from '@openbroker/domain';
import type { AccountsWork } from './work.ts';

/**
 * Books a closed position's realised P/L (already rounded to the cent, DESIGN §3) against the
 * house's trading P/L, split by the domain's waterfall: a loss is paid from the balance, then from
 * credit; what is left is negative balance protection, booked to the house, so the customer never
 * owes more than they held (DESIGN §6).
 */
export async function settleRealisedPnl(
  work: AccountsWork,
  accountId: number,
  pnlCents: bigint,
  tradeId: number,
  reason: string,
): Promise<{ deficitCents: bigint }> {
  const account = work.account(accountId);
  const split = settlementSplit({
    pnlCents,
    balanceCents: account.balanceCents,
    creditCents: account.creditCents,
  });
  const base = { tradingAccountId: accountId, createdBy: null, tradeId, reason } as const;
  // The protection first, then the whole balance side of the loss against trading P/L: the house
  // pays the deficit in, the loss takes it out, and the balance never dips below zero in between.
  if (split.deficitCents > 0n)
    await work.post({
      ...base,
      field: 'balance',
      amountCents: split.deficitCents,
      houseAccount: 'negative_balance',
      kind: 'negative_balance_protection',
    });
  const toBalance = split.toBalanceCents - split.deficitCents;
  if (toBalance !== 0n)
    await work.post({
      ...base,
      field: 'balance',
      amountCents: toBalance,
      houseAccount: 'trading_pnl',
      kind: 'realised_pnl',
    });
  if (split.fromCreditCents > 0n)
    await work.post({
      ...base,
      field: 'credit',
      amountCents: -split.fromCreditCents,
      houseAccount: 'credit',
      kind: 'realised_pnl',
    });
  return { deficitCents: split.deficitCents };
}
