import { describe, expect, it } from 'vitest';
import { pipSize, spreadInPips } from './pips.ts';

const EURUSD = { type: 'forex', symbol: 'EURUSD', quote_currency: 'USD', decimals: 5, rate: 1.16 };
const USDJPY = { type: 'forex', symbol: 'USDJPY', quote_currency: 'JPY', decimals: 3, rate: 155.1 };
const US30 = { type: 'indices', symbol: 'US30', quote_currency: 'USD', decimals: 1, rate: 47_000 };
const XAUUSD = { type: 'metals', symbol: 'XAUUSD', quote_currency: 'USD', decimals: 2, rate: 4_000 };
const XAGUSD = { type: 'metals', symbol: 'XAGUSD', quote_currency: 'USD', decimals: 3, rate: 50 };
const AAPL = { type: 'stocks', symbol: 'AAPL', quote_currency: 'USD', decimals: 2, rate: 230 };
const BTCUSD = { type: 'crypto', symbol: 'BTCUSD', quote_currency: 'USD', decimals: 2, rate: 95_000 };

describe('pip size', () => {
  it('is 0.0001 for forex and 0.01 for pairs quoted in yen', () => {
    expect(pipSize(EURUSD)).toBe(0.0001);
    expect(pipSize(USDJPY)).toBe(0.01);
    expect(pipSize({ type: 'forex', symbol: 'GBP/JPY', decimals: 3 })).toBe(0.01);
    expect(pipSize({ type: 'forex', symbol: 'EURGBP', decimals: 4 })).toBe(0.0001);
  });

  it('follows the digits of an exotic pair quoted with fewer of them', () => {
    expect(pipSize({ type: 'forex', quote_currency: 'HUF', decimals: 3 })).toBe(0.01);
    expect(pipSize({ type: 'forex', quote_currency: 'KRW', decimals: 2 })).toBe(0.01);
    expect(pipSize({ type: 'forex', quote_currency: 'IDR', decimals: 0 })).toBe(1);
  });

  it('is an index point, a tenth of a dollar of gold, a cent of a share', () => {
    expect(pipSize(US30)).toBe(1);
    expect(pipSize(XAUUSD)).toBe(0.1);
    expect(pipSize(XAGUSD)).toBe(0.001);
    expect(pipSize(AAPL)).toBe(0.01);
    expect(pipSize(BTCUSD)).toBe(1);
  });

  it('never goes below the quoted tick, and is that tick without a price', () => {
    expect(pipSize({ type: 'stocks', decimals: 2, rate: 15 })).toBe(0.01);
    expect(pipSize({ type: 'commodities', decimals: 3 })).toBe(0.001);
    expect(pipSize({ type: 'indices', decimals: 1, rate: Number.NaN })).toBe(0.1);
  });
});

describe('spread in pips', () => {
  it.each([
    ['EUR/USD', 1.16009, 1.16021, EURUSD, 1.2],
    ['USD/JPY', 155.123, 155.141, USDJPY, 1.8],
    ['US30', 47_000.1, 47_002.5, US30, 2.4],
    ['gold', 4_000.12, 4_000.47, XAUUSD, 3.5],
    ['silver', 50.012, 50.037, XAGUSD, 25],
    ['a share', 230.12, 230.18, AAPL, 6],
    ['bitcoin', 95_000, 95_050.5, BTCUSD, 50.5],
  ])('%s %s / %s is %s pips', (_name, bid, ask, instrument, pips) => {
    expect(spreadInPips(bid, ask, instrument)).toBe(pips);
  });

  it('rounds to one decimal, halves away from zero', () => {
    expect(spreadInPips(1.1, 1.100115, EURUSD)).toBe(1.2);
    expect(spreadInPips(1.1, 1.100114, EURUSD)).toBe(1.1);
    expect(spreadInPips(1.1, 1.1, EURUSD)).toBe(0);
  });

  it('is NaN for a missing price', () => {
    expect(spreadInPips(Number.NaN, 1.1, EURUSD)).toBeNaN();
  });
});
