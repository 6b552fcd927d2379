import { toCents } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import type { MarketData } from '../../feed/MarketData.ts';
import type { OpenTotal } from '../accounts/openTotals.ts';
import type { AssetRow } from '../assets/repo.ts';
import { certainlyFits, freeMarginFromTotals } from './freeMargin.ts';
import type { TradeRow } from './repo.ts';
import { exposures, summarize } from './valuation.ts';

/** A seeded generator, so a failure can be replayed. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const instruments = [
  { id: 1, symbol: 'BTCUSD', quoteCurrency: 'USD', price: 95_053.77, contractSize: 1 },
  { id: 2, symbol: 'EURUSD', quoteCurrency: 'USD', price: 1.08437, contractSize: 100_000 },
  { id: 3, symbol: 'USDJPY', quoteCurrency: 'JPY', price: 151.237, contractSize: 100_000 },
  { id: 4, symbol: 'EURGBP', quoteCurrency: 'GBP', price: 0.83121, contractSize: 100_000 },
  { id: 5, symbol: 'XAUUSD', quoteCurrency: 'USD', price: 2_411.5, contractSize: 100 },
  // No quote yet: counts no P/L either way.
  { id: 6, symbol: 'NOQUOTE', quoteCurrency: 'USD', price: 0, contractSize: 1 },
];
const rates: Record<string, number> = { 'USD/JPY': 151.237, 'GBP/USD': 1.27311, 'EUR/USD': 1.08437 };

function marketAt(drift: number): MarketData {
  const byId = new Map(
    instruments.map((i) => [i.id, { ...i, buySpread: 0.0001, sellSpread: 0.0001 } as unknown as AssetRow]),
  );
  // A stand-in with the three things valuation reads: instruments, last prices and rates.
  return {
    instrument: (id: number) => byId.get(id),
    quote: (id: number) => {
      const i = instruments.find((x) => x.id === id);
      return i && i.price > 0 ? { price: i.price * drift } : undefined;
    },
    rate: (base: string, quote: string) => rates[`${base}/${quote}`],
  } as unknown as MarketData;
}

function tradeRow(
  i: number,
  assetId: number,
  side: 'buy' | 'sell',
  units: number,
  open: number,
  marginCents: bigint,
) {
  return {
    id: i,
    assetId,
    side,
    units,
    openingPrice: open,
    marginCents,
    status: 'open',
  } as TradeRow;
}

/** What repo.ts's aggregate returns, summed in a shuffled order (PostgreSQL's is not the rows'). */
function totalsOf(rows: TradeRow[], rnd: () => number): OpenTotal[] {
  const shuffled = [...rows].sort(() => rnd() - 0.5);
  const out = new Map<string, OpenTotal>();
  for (const r of shuffled) {
    const key = `${r.assetId}:${r.side}`;
    const t = out.get(key) ?? {
      assetId: r.assetId,
      side: r.side,
      count: 0,
      units: 0,
      unitsPrice: 0,
      marginCents: 0n,
    };
    t.count += 1;
    t.units += r.units;
    t.unitsPrice += r.units * (r.openingPrice ?? 0);
    t.marginCents += r.marginCents;
    out.set(key, t);
  }
  return [...out.values()];
}

describe('free margin from per-instrument totals', () => {
  it('stays within its slack of the row-by-row figure, so "certainly fits" never accepts what the rows refuse', () => {
    const rnd = prng(17);
    let maxDiff = 0n;
    for (let n = 0; n < 3000; n++) {
      const market = marketAt(0.9 + rnd() * 0.2);
      const account = {
        id: 1,
        currency: n % 3 === 0 ? 'GBP' : 'USD',
        balanceCents: BigInt(Math.floor(rnd() * 10 ** (2 + Math.floor(rnd() * 10)))),
        creditCents: BigInt(Math.floor(rnd() * 100_000)),
      };
      const rows: TradeRow[] = [];
      const count = Math.floor(rnd() * 60);
      for (let i = 0; i < count; i++) {
        const inst = instruments[Math.floor(rnd() * instruments.length)] ?? instruments[0];
        if (!inst) throw new Error('no instrument');
        const lots = Math.max(0.01, Math.round(rnd() * 5000) / 100);
        const open = (inst.price || 100) * (0.8 + rnd() * 0.4);
        rows.push(
          tradeRow(
            i,
            inst.id,
            rnd() < 0.5 ? 'buy' : 'sell',
            lots * inst.contractSize,
            Math.round(open * 1e5) / 1e5,
            BigInt(Math.floor(rnd() * 10_000_000)),
          ),
        );
      }
      const byRows = toCents(
        summarize(account as never, exposures(market, account as never, rows)).freeMargin,
      );
      const estimate = freeMarginFromTotals(market, account, totalsOf(rows, rnd));
      const diff = byRows > estimate.freeCents ? byRows - estimate.freeCents : estimate.freeCents - byRows;
      if (diff > maxDiff) maxDiff = diff;
      expect(diff).toBeLessThanOrEqual(estimate.slackCents);
      // The largest margin the estimate accepts outright is accepted by the rows too.
      const largest = estimate.freeCents - estimate.slackCents;
      expect(certainlyFits(estimate, largest)).toBe(true);
      expect(largest <= byRows).toBe(true);
      expect(certainlyFits(estimate, largest + 1n)).toBe(false);
    }
    // The slack is a bound, not the usual difference: the figures almost always agree to the cent.
    expect(maxDiff).toBeLessThanOrEqual(1n);
  });

  it('gives the exact figure of one position and of none', () => {
    const market = marketAt(1);
    const account = { currency: 'USD', balanceCents: 10_000_000n, creditCents: 0n };
    expect(freeMarginFromTotals(market, account, []).freeCents).toBe(10_000_000n);
    const rows = [tradeRow(1, 1, 'buy', 0.01, 95_000, 951n)];
    const byRows = toCents(summarize(account as never, exposures(market, account as never, rows)).freeMargin);
    expect(freeMarginFromTotals(market, account, totalsOf(rows, Math.random)).freeCents).toBe(byRows);
  });
});
