import { centsToAmount, formatMoney, toAccountCurrency, toCents } from '@openbroker/domain';
import { AppError } from '../../errors.ts';
import type { MarketData } from '../../feed/MarketData.ts';

/** An amount set in USD cents (limits, fees, thresholds) in another currency, at the live rate. */
export function usdCentsIn(market: MarketData, cents: bigint, currency: string): bigint | undefined {
  if (currency === 'USD') return cents;
  const r = toAccountCurrency(centsToAmount(cents), 'USD', currency, market.rate);
  return r.ok ? toCents(r.value) : undefined;
}

/** The live mid rate from one currency to another, or a 409 the customer can retry later. */
export function liveRate(market: MarketData, from: string, to: string): number {
  if (from === to) return 1;
  const r = toAccountCurrency(1, from, to, market.rate);
  if (!r.ok || !(r.value > 0))
    throw new AppError(
      'CONFLICT',
      `There is no live exchange rate from ${from} to ${to} right now. Please try again in a moment.`,
    );
  return r.value;
}

export const money = (cents: bigint, currency: string) => formatMoney(cents, currency);
