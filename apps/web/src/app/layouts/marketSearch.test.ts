import { describe, expect, it } from 'vitest';
import { testAsset } from '@/stores/assetFixtures';
import { searchAssets } from './marketSearch';

const EURUSD = testAsset({ id: 1, symbol: 'EURUSD', sy: 'EUR/USD', name: 'Euro / US Dollar' });
const EURONEXT = testAsset({ id: 2, symbol: 'ENX', sy: 'ENX', name: 'Euronext', type: 'stocks' });
const GBPEUR = testAsset({ id: 3, symbol: 'GBPEUR', sy: 'GBP/EUR', name: 'Pound / Euro' });
const BTC = testAsset({ id: 4, symbol: 'BTCUSD', sy: 'BTC/USD', name: 'Bitcoin', type: 'crypto' });
const ALL = [EURONEXT, GBPEUR, BTC, EURUSD];

describe('market-watch search', () => {
  it('ranks symbol matches above name matches, ignoring case and separators', () => {
    expect(searchAssets(ALL, 'eur', 'all').map((a) => a.id)).toEqual([1, 3, 2]);
    expect(searchAssets(ALL, 'eur usd', 'all').map((a) => a.id)).toEqual([1]);
    expect(searchAssets(ALL, 'BITCOIN', 'all').map((a) => a.id)).toEqual([4]);
  });

  it('filters by market type, and lists everything for an empty query', () => {
    expect(searchAssets(ALL, '', 'all')).toHaveLength(4);
    expect(searchAssets(ALL, '', 'crypto').map((a) => a.id)).toEqual([4]);
    expect(searchAssets(ALL, 'eur', 'stocks').map((a) => a.id)).toEqual([2]);
    expect(searchAssets(ALL, 'zzz', 'all')).toEqual([]);
  });
});
