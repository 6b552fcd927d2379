import type { MarketData } from '../../feed/MarketData.ts';

/** Display currencies offered in the client (SPEC §1: default USD). */
export const DISPLAY_CURRENCIES: readonly { code: string; symbol: string }[] = [
  { code: 'USD', symbol: '$' },
  { code: 'EUR', symbol: '€' },
  { code: 'GBP', symbol: '£' },
  { code: 'JPY', symbol: '¥' },
  { code: 'CHF', symbol: 'CHF' },
  { code: 'AUD', symbol: 'A$' },
  { code: 'CAD', symbol: 'C$' },
  { code: 'NZD', symbol: 'NZ$' },
  { code: 'SGD', symbol: 'S$' },
  { code: 'ZAR', symbol: 'R' },
];

/**
 * SPEC §3 Currency: units of each currency per US dollar, read from the live forex quotes
 * (USD/XXX as is, XXX/USD inverted). A currency with no quote is left out rather than guessed.
 */
export function currencyRates(market: MarketData): { code: string; symbol: string; rate: number }[] {
  const perUsd = new Map<string, number>([['USD', 1]]);
  for (const inst of market.allInstruments()) {
    if (inst.type !== 'forex') continue;
    const price = market.quote(inst.id)?.price ?? inst.referencePrice;
    if (inst.baseCurrency === 'USD') perUsd.set(inst.quoteCurrency, price);
    else if (inst.quoteCurrency === 'USD' && !perUsd.has(inst.baseCurrency))
      perUsd.set(inst.baseCurrency, 1 / price);
  }
  return DISPLAY_CURRENCIES.flatMap((c) => {
    const rate = perUsd.get(c.code);
    return rate === undefined ? [] : [{ ...c, rate }];
  });
}
