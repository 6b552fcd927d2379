import { toCents, withdrawableCents } from '@openbroker/domain';
import type { MarketData } from '../../feed/MarketData.ts';
import type { LockedRow } from '../accounts/repo.ts';
import type { AccountsWork } from '../accounts/work.ts';
import { openPositions } from '../trading/repo.ts';
import { exposures } from '../trading/valuation.ts';

/**
 * What may go into savings from an account now: the withdrawable amount (issue 14: "free margin,
 * never credit", the domain's `withdrawableCents`, as withdrawals compute it) at live prices. Read
 * inside the transaction that holds the account's lock, so no trade can use the same money.
 */
export async function savableCents(
  work: AccountsWork,
  market: MarketData,
  account: LockedRow,
): Promise<bigint> {
  const positions = exposures(market, account, await openPositions(work.tx, account.id));
  let usedMarginCents = 0n;
  let floating = 0;
  for (const p of positions) {
    usedMarginCents += p.row.marginCents;
    floating += p.pnlAcct;
  }
  return withdrawableCents({
    balanceCents: account.balanceCents,
    creditCents: account.creditCents,
    usedMarginCents,
    floatingPnlCents: toCents(floating),
  });
}
