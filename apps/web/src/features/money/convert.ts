import { formatMoney, toCents } from '@openbroker/domain';
import type { Currency } from '@/api/sharedData';
import { intlLocale } from '@/i18n/format';

/** Units of each currency per US dollar (SPEC §3 Currency rate), USD always 1. */
export type RateTable = ReadonlyMap<string, number>;

export function rateTable(currencies: readonly Currency[]): RateTable {
  const table = new Map<string, number>([['USD', 1]]);
  for (const c of currencies) if (Number.isFinite(c.rate) && c.rate > 0) table.set(c.code, c.rate);
  return table;
}

/**
 * `amount` of `from` in `to`, through the dollar: amount ÷ rate(from) × rate(to). Null when either
 * rate is unknown, so a caller can keep the original currency rather than show a made-up figure.
 */
export function convertAmount(amount: number, from: string, to: string, rates: RateTable): number | null {
  if (from === to) return amount;
  const fromRate = rates.get(from);
  const toRate = rates.get(to);
  if (fromRate === undefined || toRate === undefined) return null;
  return (amount / fromRate) * toRate;
}

export interface DisplayAmount {
  /** The amount in `currency`, unrounded. */
  value: number;
  /**
   * The currency it is shown in: the chosen display currency, or the original when none is chosen
   * or no rate is known.
   */
  currency: string;
  /** Whether a conversion took place. */
  converted: boolean;
}

/**
 * `amount` of `from` as shown: in the chosen display currency when there is one, else in its own
 * currency (`display` null: no display currency chosen, so nothing is converted).
 */
export function toDisplay(
  amount: number,
  from: string,
  display: string | null,
  rates: RateTable,
): DisplayAmount {
  const to = display ?? from;
  const value = convertAmount(amount, from, to, rates);
  return value === null
    ? { value: amount, currency: from, converted: false }
    : { value, currency: to, converted: from !== to };
}

export interface MoneyFormatOptions {
  /** Prefix gains with '+' (P/L). */
  signed?: boolean;
}

/**
 * An amount as currency text to the cent in the reader's locale ("$1,234.56", "-€0.05"; Spanish
 * "1234,56 US$"); "—" when it is not a number.
 */
export function formatAmount(amount: number, currency: string, options: MoneyFormatOptions = {}): string {
  if (!Number.isFinite(amount)) return '—';
  const cents = toCents(amount);
  let text: string;
  try {
    text = formatMoney(cents, currency, intlLocale());
  } catch {
    // Not an ISO code Intl knows: the figure with the code after it.
    text = `${new Intl.NumberFormat(intlLocale(), {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(Number(cents) / 100)} ${currency}`;
  }
  return options.signed && cents > 0n ? `+${text}` : text;
}
