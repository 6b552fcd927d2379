import { describe, expect, it } from 'vitest';
import { testTrade } from '@/features/positions/testing';
import { testAsset } from '@/stores/assetFixtures';
import { createPriceStore } from '@/stores/priceStore';
import { liveSummary, rateLookup, valueTrade } from './liveValuation';

// No spreads, so bid = ask = rate and the figures can be worked out by hand.
const EURUSD = testAsset({ id: 13, symbol: 'EURUSD', rate: 1.1, buy_spread: 0, sell_spread: 0 });
const GBPUSD = testAsset({
  id: 14,
  symbol: 'GBPUSD',
  base_currency: 'GBP',
  rate: 1.2711,
  buy_spread: 0,
  sell_spread: 0,
});
const assets = [EURUSD, GBPUSD];

function market() {
  const prices = createPriceStore();
  prices.applyAll(assets);
  return { prices, rates: rateLookup(assets, prices) };
}

// Buy 1 lot GBP/USD at 1.27 now at 1.2711: (1.2711 − 1.27) × 100,000 = +110.00 USD.
const gbpTrade = testTrade({ id: 1, asset_id: GBPUSD.id, asset_symbol: 'GBPUSD', opening_price: 1.27 });

describe('live valuation in the account currency', () => {
  it('converts a USD-quoted P/L into a EUR account at the live EUR/USD rate', () => {
    const { prices, rates } = market();
    // 110 USD ÷ 1.10 = 100 EUR.
    expect(valueTrade(gbpTrade, GBPUSD, prices.get(GBPUSD.id), rates, 'EUR').pnl).toBe(100);
    expect(valueTrade(gbpTrade, GBPUSD, prices.get(GBPUSD.id), rates, 'USD').pnl).toBe(110);
  });

  it('sums a EUR account summary in EUR', () => {
    const { prices, rates } = market();
    const byId = new Map(assets.map((a) => [a.id, a]));
    const trade = { ...gbpTrade, margin: 1_000 };
    const eur = liveSummary(5_000, 0, [trade], 'EUR', byId, prices, rates);
    expect(eur.pnl).toBe(100);
    expect(eur.equity).toBe(5_100);
    expect(eur.freeMargin).toBe(4_100);
    const usd = liveSummary(5_000, 0, [trade], 'USD', byId, prices, rates);
    expect(usd.pnl).toBe(110);
  });

  it('keeps the server figure when no rate to the account currency is known', () => {
    const { prices, rates } = market();
    const trade = { ...gbpTrade, pnl: 42 };
    expect(valueTrade(trade, GBPUSD, prices.get(GBPUSD.id), rates, 'CHF').pnl).toBe(42);
  });
});
