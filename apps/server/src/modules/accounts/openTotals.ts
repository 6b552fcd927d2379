import type { Side } from '@openbroker/domain';
import type { Statement } from '../../db/client.ts';

/** An account's open positions of one instrument and side, summed (trading's `openTotals`, the lock's totals). */
export interface OpenTotal {
  assetId: number;
  side: Side;
  /** How many positions were summed. */
  count: number;
  /** Σ units. */
  units: number;
  /** Σ units × opening price, in the quote currency. */
  unitsPrice: number;
  /** Σ margin held, in the account currency. */
  marginCents: bigint;
}

/**
 * An account's open positions summed per instrument and side, for the free-margin check
 * (freeMargin.ts): P/L is linear in units, so these give the same margin and floating P/L as the
 * rows themselves in as many rows as the account has instruments. The columns, as one SQL fragment
 * the accounts owner's lock-and-total statement reuses; `$1` is the account.
 */
export const OPEN_TOTALS_SQL = `select asset_id::text as asset_id, side, count(*)::int as n, sum(units) as units,
    sum(units * opening_price) as units_price, sum(margin_cents)::text as margin_cents
  from trades where trading_account_id = $1 and status = 'open' group by asset_id, side`;

export const openTotalsStatement: Statement = { name: 'trading_open_totals', text: OPEN_TOTALS_SQL };

/** One row of {@link OPEN_TOTALS_SQL} as node-postgres or PGlite return it. */
export interface OpenTotalsRaw {
  asset_id: string | null;
  side: Side | null;
  n: number | string | null;
  units: number | string | null;
  units_price: number | string | null;
  margin_cents: string | null;
}

/** The totals of one instrument and side, or null for the empty row of an account with none. */
export function openTotalOf(r: OpenTotalsRaw): OpenTotal | null {
  if (r.asset_id === null || r.side === null) return null;
  return {
    assetId: Number(r.asset_id),
    side: r.side,
    count: Number(r.n ?? 0),
    units: Number(r.units ?? 0),
    unitsPrice: Number(r.units_price ?? 0),
    marginCents: BigInt(r.margin_cents ?? '0'),
  };
}
