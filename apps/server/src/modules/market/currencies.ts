import { toAccountCurrency } from '@openbroker/domain';
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
 * SPEC §3 Currency: units of each currency per US dollar, converted at live rates through the
 * same currency pairs as P/L (USD/XXX as is, XXX/USD inverted). A currency with no quote is left
 * out rather than guessed.
 */
export function currencyRates(market: MarketData): { code: string; symbol: string; rate: number }[] {
  return DISPLAY_CURRENCIES.flatMap((c) => {
    const perUsd = toAccountCurrency(1, 'USD', c.code, market.rate);
    return perUsd.ok ? [{ ...c, rate: perUsd.value }] : [];
  });
}
