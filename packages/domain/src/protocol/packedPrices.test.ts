import { describe, expect, it } from 'vitest';
import type { LivePriceUpdate } from '../market/liveQuote.ts';
import { PACKED_PRICE_STRIDE, packPriceUpdates, unpackPriceUpdates } from './packedPrices.ts';

const eurusd: LivePriceUpdate = {
  id: 7,
  price: 1.16015,
  buyPrice: 1.16021,
  sellPrice: 1.16009,
  priceLow24h: 1.155,
  priceHigh24h: 1.162,
  change24h: 0.0012,
  changePercent24h: 0.1035,
  volume24h: 123456,
  lastUpdated: 1_764_000_000_123,
};
const btc: LivePriceUpdate = {
  id: 2001,
  price: 91000.5,
  buyPrice: 91010,
  sellPrice: 90991,
  priceLow24h: 89000,
  priceHigh24h: 92000,
  change24h: -250.25,
  changePercent24h: -0.27,
  volume24h: 0,
  lastUpdated: 1_764_000_000_456,
};

describe('packed price frames (data:packed)', () => {
  it('packs the fields in the documented order, one update after the other', () => {
    expect(packPriceUpdates([eurusd, btc])).toEqual([
      7, 1.16015, 1.16021, 1.16009, 1.155, 1.162, 0.0012, 0.1035, 123456, 1_764_000_000_123, 2001, 91000.5,
      91010, 90991, 89000, 92000, -250.25, -0.27, 0, 1_764_000_000_456,
    ]);
    expect(packPriceUpdates([])).toEqual([]);
  });

  it('unpacks what it packs, through JSON as the socket sends it', () => {
    const wire = JSON.parse(JSON.stringify(packPriceUpdates([eurusd, btc])));
    expect(unpackPriceUpdates(wire)).toEqual([eurusd, btc]);
  });

  it('packs a missing dealing price as the mid price', () => {
    const { buyPrice: _b, sellPrice: _s, ...mid } = eurusd;
    expect(unpackPriceUpdates(packPriceUpdates([mid]))).toEqual([
      { ...mid, buyPrice: mid.price, sellPrice: mid.price },
    ]);
  });

  it('gives nothing for a payload that is not whole updates of finite numbers', () => {
    const good = packPriceUpdates([eurusd]);
    expect(unpackPriceUpdates(undefined)).toEqual([]);
    expect(unpackPriceUpdates({ 0: 7 })).toEqual([]);
    expect(unpackPriceUpdates([eurusd])).toEqual([]);
    expect(unpackPriceUpdates(good.slice(0, PACKED_PRICE_STRIDE - 1))).toEqual([]);
    expect(unpackPriceUpdates([...good, 1])).toEqual([]);
    expect(unpackPriceUpdates(good.map((v, i) => (i === 3 ? null : v)))).toEqual([]);
    expect(unpackPriceUpdates(good.map((v, i) => (i === 3 ? '1.1' : v)))).toEqual([]);
    expect(unpackPriceUpdates(good.map((v, i) => (i === 3 ? Number.NaN : v)))).toEqual([]);
  });

  it('skips an update whose id is not an instrument id and keeps the rest', () => {
    const [a, b] = [packPriceUpdates([eurusd]), packPriceUpdates([btc])];
    expect(unpackPriceUpdates([...a.map((v, i) => (i === 0 ? 1.5 : v)), ...b])).toEqual([btc]);
    expect(unpackPriceUpdates([...a.map((v, i) => (i === 0 ? -7 : v)), ...b])).toEqual([btc]);
  });
});
