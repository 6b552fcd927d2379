import { toCents, withdrawableCents } from '@openbroker/domain';
import type { MarketData } from '../../feed/MarketData.ts';
import { openPositions } from '../trading/repo.ts';
import { exposures } from '../trading/valuation.ts';
import type { AccountRow, DbOrTx } from './repo.ts';

/**
 * What may leave an account now (free margin, never credit), valued at live prices. Called under
 * the account's lock by anything that spends from it (a withdrawal's hold, a transfer, a savings subscription), so no
 * position can open in between and use the same money.
 */
export async function withdrawableNow(db: DbOrTx, market: MarketData, account: AccountRow): Promise<bigint> {
  const positions = exposures(market, account, await openPositions(db, account.id));
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
