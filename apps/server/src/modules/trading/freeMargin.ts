import { centsToAmount, closePrice, pnl, summarizeTotals, toCents } from '@openbroker/domain';
import type { MarketData } from '../../feed/MarketData.ts';
import type { OpenTotal } from '../accounts/openTotals.ts';
import type { AccountRow } from '../accounts/repo.ts';
import { lastQuote } from './marketGate.ts';
import { inAccountCurrency } from './valuation.ts';

export interface FreeMarginEstimate {
  /** Free margin in cents as the totals give it. */
  freeCents: bigint;
  /**
   * How far (in cents, either way) the row-by-row figure (`summarize(exposures(rows))`, what the
   * free-margin check used before) can be from `freeCents`: the two sum the same float terms in a
   * different order, so they may differ in the last bits, and a cent rounding can fall either side.
   */
  slackCents: bigint;
}

/** Unit round-off of a double. */
const EPS = 2 ** -53;

/**
 * Free margin from per-instrument totals. Floating P/L is linear in units (DESIGN §6:
 * sign × (close − open) × units), so per instrument and side Σ P/L = sign × (close × Σunits −
 * Σ(units × open)): the domain's `pnl` of one "unit" opened at Σ(units × open) and valued at
 * close × Σunits. Margin is the exact sum of the cents. An instrument without a quote counts no P/L,
 * as `exposures` does.
 *
 * The result equals the row-by-row one up to float rounding; `slackCents` bounds the difference:
 * every float sum of m terms is within (m − 1)·ε·Σ|terms| of the exact sum, and each term carries a
 * few more roundings (subtraction, product, up to two currency hops), so both figures lie within
 * (n + 8)·8·ε·G of the exact value, G being the sum of the magnitudes involved (Σ|close × units|,
 * Σ units × open, margin, balance, credit, in the account currency) and n the number of positions.
 * The bound is tested against the row-by-row figure in freeMargin.test.ts.
 */
export function freeMarginFromTotals(
  market: MarketData,
  account: Pick<AccountRow, 'balanceCents' | 'creditCents' | 'currency'>,
  totals: readonly OpenTotal[],
): FreeMarginEstimate {
  let floating = 0;
  let marginCents = 0n;
  let positions = 0;
  let gross = 0;
  for (const t of totals) {
    marginCents += t.marginCents;
    positions += t.count;
    const instrument = market.instrument(t.assetId);
    const q = instrument ? lastQuote(market, instrument) : undefined;
    if (!instrument || !q) continue;
    const close = closePrice(t.side, q);
    const inQuote = pnl(t.side, t.unitsPrice, close * t.units, 1);
    floating += inAccountCurrency(inQuote, instrument, account.currency, market.rate);
    gross += Math.abs(
      inAccountCurrency(
        Math.abs(close * t.units) + Math.abs(t.unitsPrice),
        instrument,
        account.currency,
        market.rate,
      ),
    );
  }
  const balance = centsToAmount(account.balanceCents);
  const credit = centsToAmount(account.creditCents);
  const margin = centsToAmount(marginCents);
  const summary = summarizeTotals({ balance, credit, margin, pnl: floating });
  gross += Math.abs(balance) + Math.abs(credit) + Math.abs(margin) + Math.abs(floating);
  const delta = (positions + 8) * 8 * EPS * gross;
  // Each figure is within delta of the exact value, so within 2·delta of each other; a rounding to
  // cents adds at most one more cent (half away from zero is not shift-invariant across zero).
  const slackCents = BigInt(Math.ceil(200 * delta)) + 1n;
  return { freeCents: toCents(summary.freeMargin), slackCents };
}

/**
 * True when `marginCents` certainly fits in free margin, whatever the rounding: then the row-by-row
 * check would accept as well. Anything closer to the line, or refused, is decided on the rows.
 */
export function certainlyFits(estimate: FreeMarginEstimate, marginCents: bigint): boolean {
  return marginCents + estimate.slackCents <= estimate.freeCents;
}
