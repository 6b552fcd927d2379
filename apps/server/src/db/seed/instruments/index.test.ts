import { ASSET_TYPES, formatPrice, PRICE_DECIMALS, priceDigits, quote } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from './index.ts';

const catalogue = buildCatalogue();

function duplicates(values: string[]): string[] {
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const v of values) {
    if (seen.has(v)) repeated.push(v);
    seen.add(v);
  }
  return repeated;
}

describe('buildCatalogue', () => {
  it('holds at least 2,000 instruments across all six asset types', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(2000);
    const types = new Set(catalogue.map((i) => i.type));
    for (const type of ASSET_TYPES) expect(types.has(type), type).toBe(true);
  });

  it('gives every instrument a unique symbol, and a unique sy within its type', () => {
    expect(duplicates(catalogue.map((i) => i.symbol))).toEqual([]);
    for (const type of ASSET_TYPES) {
      const sys = catalogue.filter((i) => i.type === type).map((i) => i.sy);
      expect(duplicates(sys), type).toEqual([]);
    }
  });

  it('has BTC/USD on Bitstamp and AUD/JPY', () => {
    const btc = catalogue.find((i) => i.symbol === 'BTCUSD');
    expect(btc).toMatchObject({ sy: 'BTC/USD', type: 'crypto', tvSymbol: 'BITSTAMP:BTCUSD' });
    expect(catalogue.find((i) => i.type === 'forex' && i.sy === 'AUD/JPY')).toMatchObject({
      symbol: 'AUDJPY',
      decimals: 3,
      contractSize: 100_000,
    });
  });

  it('keeps every numeric field in range', () => {
    for (const i of catalogue) {
      const where = `${i.type} ${i.symbol}`;
      expect(Number.isFinite(i.referencePrice) && i.referencePrice > 0, where).toBe(true);
      for (const spread of [i.buySpread, i.sellSpread]) {
        expect(spread > 0 && spread < 0.01, `${where} spread ${spread}`).toBe(true);
      }
      expect(i.contractSize > 0, where).toBe(true);
      expect(Number.isInteger(i.decimals) && i.decimals >= 0 && i.decimals <= 8, where).toBe(true);
      expect(i.leverage === null || i.leverage >= 1, where).toBe(true);
    }
  });

  it('fills every text field and names a valid IANA zone', () => {
    const zones = new Set(catalogue.map((i) => i.exchangeZone));
    for (const timeZone of zones) {
      expect(() => Intl.DateTimeFormat(undefined, { timeZone }), timeZone).not.toThrow();
    }
    for (const i of catalogue) {
      for (const field of [i.symbol, i.sy, i.symbolDisplay, i.name, i.category, i.tvSymbol]) {
        expect(field.trim().length > 0, i.symbol).toBe(true);
      }
      expect(i.tvSymbol, i.symbol).toMatch(/^[A-Z_]+:\S+$/);
      expect(i.quoteCurrency, i.symbol).toMatch(/^[A-Z]{3,4}$/);
    }
  });

  it('prices at plausible levels', () => {
    const price = (symbol: string) =>
      catalogue.find((i) => i.symbol === symbol)?.referencePrice ?? Number.NaN;
    expect(price('EURUSD')).toBeGreaterThan(1);
    expect(price('EURUSD')).toBeLessThan(1.3);
    expect(price('USDJPY')).toBeGreaterThan(130);
    expect(price('USDJPY')).toBeLessThan(170);
    expect(price('BTCUSD')).toBeGreaterThan(50_000);
    expect(price('AAPL')).toBeGreaterThan(150);
    expect(price('XAUUSD')).toBeGreaterThan(2000);
    // A cross agrees with its legs.
    expect(price('EURJPY')).toBeCloseTo(price('EURUSD') * price('USDJPY'), 0);
  });

  it('is deterministic', () => {
    expect(buildCatalogue()).toEqual(catalogue);
  });

  it('quotes every instrument with a bid and an ask that differ as the watch list shows them', () => {
    const same = catalogue.filter((i) => {
      const q = quote(i.referencePrice, i.buySpread, i.sellSpread);
      const digits = priceDigits(PRICE_DECIMALS.watchList, i.decimals);
      return formatPrice(q.bid, digits) === formatPrice(q.ask, digits);
    });
    expect(same.map((i) => i.symbol)).toEqual([]);
  });
});
