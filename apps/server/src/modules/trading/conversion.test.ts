import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../db/seed/instruments/index.ts';
import { createTestContext, type TestContext } from '../../test/testApp.ts';
import { inAccountCurrency } from './valuation.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({}, { instruments: buildCatalogue() });
});
afterAll(() => t.close());

describe('converting P/L and margin into the account currency', () => {
  it('has a live-rate path to USD from every instrument’s quote currency', () => {
    const missing = t.app.market.allInstruments().flatMap((i) => {
      try {
        const usd = inAccountCurrency(100, i, 'USD', t.app.market.rate);
        return Number.isFinite(usd) && usd > 0 ? [] : [`${i.symbol} (${i.quoteCurrency})`];
      } catch {
        return [`${i.symbol} (${i.quoteCurrency})`];
      }
    });
    expect(missing).toEqual([]);
    expect(t.app.market.allInstruments().length).toBeGreaterThan(2_000);
  });
});
