import { describe, expect, it } from 'vitest';
import { testAsset } from '@/stores/assetFixtures';
import {
  ASSET_CATEGORIES,
  assetCategoryLabel,
  categoryOf,
  filterAssets,
  searchAssets,
} from './assetCategories';

const EURUSD = testAsset({ id: 1, symbol: 'EURUSD', sy: 'EUR/USD', name: 'Euro / US Dollar', type: 'forex' });
const AAPL = testAsset({
  id: 2,
  symbol: 'AAPL',
  sy: 'AAPL',
  name: 'Apple Inc.',
  type: 'stocks',
  category: 'S&P 500',
});
const SPY = testAsset({
  id: 3,
  symbol: 'SPY',
  sy: 'SPY',
  name: 'SPDR S&P 500 ETF Trust',
  type: 'stocks',
  category: 'ETF',
});
const BTC = testAsset({
  id: 4,
  symbol: 'BTCUSD',
  sy: 'BTC/USD',
  name: 'Bitcoin / US Dollar',
  type: 'crypto',
});
const OIL = testAsset({ id: 5, symbol: 'USOIL', sy: 'USOIL', name: 'WTI Crude Oil', type: 'commodities' });
const GOLD = testAsset({ id: 6, symbol: 'XAUUSD', sy: 'XAU/USD', name: 'Gold / US Dollar', type: 'metals' });
const US500 = testAsset({ id: 7, symbol: 'US500', sy: 'US500', name: 'S&P 500 Index', type: 'indices' });
const ALL = [EURUSD, AAPL, SPY, BTC, OIL, GOLD, US500];

describe('add-asset categories (SPEC §2)', () => {
  it("has SPEC's five tabs in order", () => {
    expect(ASSET_CATEGORIES.map((c) => assetCategoryLabel(c))).toEqual([
      'Forex',
      'Stock',
      'Crypto',
      'Commodities',
      'ETFs',
    ]);
  });

  it('files every asset type under a tab: ETFs are stocks whose category says ETF', () => {
    expect(categoryOf(EURUSD)).toBe('forex');
    expect(categoryOf(AAPL)).toBe('stock');
    expect(categoryOf(SPY)).toBe('etfs');
    expect(categoryOf({ type: 'stocks', category: ' etf ' })).toBe('etfs');
    expect(categoryOf(BTC)).toBe('crypto');
    expect(categoryOf(OIL)).toBe('commodities');
    expect(categoryOf(GOLD)).toBe('commodities');
    expect(categoryOf(US500)).toBe('etfs');
  });

  it('filters by tab and search together', () => {
    expect(filterAssets(ALL, 'stock', '').map((a) => a.id)).toEqual([AAPL.id]);
    expect(filterAssets(ALL, 'etfs', '').map((a) => a.id)).toEqual([SPY.id, US500.id]);
    expect(filterAssets(ALL, 'etfs', 'spy').map((a) => a.id)).toEqual([SPY.id]);
    expect(filterAssets(ALL, 'forex', 'btc')).toEqual([]);
  });

  it('matches symbol, display symbol or name, ignoring case and separators', () => {
    expect(searchAssets(ALL, 'eurusd').map((a) => a.id)).toEqual([EURUSD.id]);
    expect(searchAssets(ALL, 'EUR/usd').map((a) => a.id)).toEqual([EURUSD.id]);
    expect(searchAssets(ALL, 'gold').map((a) => a.id)).toEqual([GOLD.id]);
    expect(searchAssets(ALL, '  ').length).toBe(ALL.length);
  });

  it('puts exact and prefix symbol matches first', () => {
    // "us" is in many names; US500 and USOIL start with it, and nothing is exactly "us".
    const ids = searchAssets(ALL, 'us').map((a) => a.id);
    expect(ids.slice(0, 2)).toEqual([OIL.id, US500.id]);
    expect(searchAssets(ALL, 'us500')[0]?.id).toBe(US500.id);
  });
});
