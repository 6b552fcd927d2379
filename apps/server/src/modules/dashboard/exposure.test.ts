import { describe, expect, it } from 'vitest';
import { exposureByInstrument, type ValuedPosition } from './exposure.ts';

const pos = (over: Partial<ValuedPosition>): ValuedPosition => ({
  assetId: 1,
  symbol: 'EUR/USD',
  name: 'Euro',
  side: 'buy',
  lots: 1,
  notionalUsd: 110_000,
  pnlUsd: 0,
  priced: true,
  ...over,
});

describe('exposureByInstrument', () => {
  it('nets long against short per instrument, to the cent and the hundredth of a lot', () => {
    const rows = exposureByInstrument([
      pos({ lots: 0.1, notionalUsd: 11_000.004, pnlUsd: 0.1 }),
      pos({ lots: 0.2, notionalUsd: 22_000.004, pnlUsd: 0.2 }),
      pos({ side: 'sell', lots: 0.05, notionalUsd: 5_500.005, pnlUsd: -1.005 }),
    ]);
    expect(rows).toEqual([
      {
        asset_id: 1,
        symbol: 'EUR/USD',
        name: 'Euro',
        positions: 3,
        long_lots: 0.3,
        short_lots: 0.05,
        net_lots: 0.25,
        long_notional_cents: 3_300_000,
        short_notional_cents: 550_001,
        net_notional_cents: 2_749_999,
        floating_pnl_cents: -71,
        priced: true,
      },
    ]);
  });

  it('puts the largest net exposure first and marks an instrument with an unpriced position', () => {
    const rows = exposureByInstrument([
      pos({ assetId: 1, symbol: 'A', notionalUsd: 1_000 }),
      pos({ assetId: 2, symbol: 'B', side: 'sell', notionalUsd: 5_000, priced: false }),
    ]);
    expect(rows.map((r) => [r.symbol, r.net_notional_cents, r.priced])).toEqual([
      ['B', -500_000, false],
      ['A', 100_000, true],
    ]);
  });
});
