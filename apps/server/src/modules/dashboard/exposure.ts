import { type ExposureRow, roundHalfAwayFromZero, type Side, toCents } from '@openbroker/domain';

/** One open position valued in USD at the live quote (or its opening price when unpriced). */
export interface ValuedPosition {
  assetId: number;
  symbol: string;
  name: string;
  side: Side;
  lots: number;
  /** Units × price, in USD. */
  notionalUsd: number;
  /** Customers' floating P/L in USD (0 when unpriced). */
  pnlUsd: number;
  priced: boolean;
}

const cents = (usd: number): number => Number(toCents(usd));
/** Lots are hundredths: sums of floats are rounded back to them. */
const lots = (n: number): number => roundHalfAwayFromZero(n, 2);

/**
 * Open positions per instrument (issue 13 dashboard): lots and USD notional long and short, the net
 * (long − short) the house carries against its customers, and their floating P/L; the largest net
 * exposure first. Each position's amounts are rounded to the cent (half away from zero, as a close
 * books them) before they are added, so the rows add up exactly.
 */
export function exposureByInstrument(positions: readonly ValuedPosition[]): ExposureRow[] {
  const byAsset = new Map<
    number,
    {
      p: ValuedPosition;
      n: number;
      long: number;
      short: number;
      /** Cents from here on. */
      longUsd: number;
      shortUsd: number;
      pnl: number;
      priced: boolean;
    }
  >();
  for (const p of positions) {
    let row = byAsset.get(p.assetId);
    if (!row) {
      row = { p, n: 0, long: 0, short: 0, longUsd: 0, shortUsd: 0, pnl: 0, priced: true };
      byAsset.set(p.assetId, row);
    }
    row.n++;
    if (p.side === 'buy') {
      row.long += p.lots;
      row.longUsd += cents(p.notionalUsd);
    } else {
      row.short += p.lots;
      row.shortUsd += cents(p.notionalUsd);
    }
    row.pnl += cents(p.pnlUsd);
    row.priced &&= p.priced;
  }
  return [...byAsset.values()]
    .map((r) => ({
      asset_id: r.p.assetId,
      symbol: r.p.symbol,
      name: r.p.name,
      positions: r.n,
      long_lots: lots(r.long),
      short_lots: lots(r.short),
      net_lots: lots(r.long - r.short),
      long_notional_cents: r.longUsd,
      short_notional_cents: r.shortUsd,
      net_notional_cents: r.longUsd - r.shortUsd,
      floating_pnl_cents: r.pnl,
      priced: r.priced,
    }))
    .sort(
      (a, b) =>
        Math.abs(b.net_notional_cents) - Math.abs(a.net_notional_cents) ||
        b.long_notional_cents + b.short_notional_cents - (a.long_notional_cents + a.short_notional_cents) ||
        a.symbol.localeCompare(b.symbol),
    );
}
