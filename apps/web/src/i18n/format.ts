import { formatMoney as formatMoneyIn } from '@openbroker/domain';
import { i18n } from './i18n';
import { intlTagOf } from './language';

/**
 * Numbers, money, percentages and dates in the reader's language, through `Intl`. Price quotes are
 * not formatted here: they keep the market's own notation (`formatPrice`), as every terminal shows.
 */
export function intlLocale(): string {
  return intlTagOf(i18n.language);
}

// Building an Intl.NumberFormat costs far more than formatting with one, and live rows format a
// figure on every tick (the terminal's 24 h change): keep one per language and options (issue 17).
const numberFormats = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  const locale = intlLocale();
  const key = `${locale}|${options ? JSON.stringify(options) : ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** Integer cents of `currency` as money ("$1,234.50", "1.234,50 US$"). */
export function formatCents(cents: bigint | number, currency: string): string {
  return formatMoneyIn(typeof cents === 'bigint' ? cents : BigInt(Math.round(cents)), currency, intlLocale());
}

/** An amount in major units (a float from the API) as money. */
export function formatAmount(amount: number, currency: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(), { style: 'currency', currency, ...options }).format(amount);
}

/** A percentage given in percent (12.5 → "12.5 %" / "12,5 %"). */
export function formatPercent(percent: number, fractionDigits = 2): string {
  return new Intl.NumberFormat(intlLocale(), {
    style: 'percent',
    minimumFractionDigits: 0,
    maximumFractionDigits: fractionDigits,
  }).format(percent / 100);
}

export function formatDate(value: Date | string | number, options?: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(intlLocale(), options ?? { dateStyle: 'medium' }).format(new Date(value));
}

export function formatDateTime(value: Date | string | number, options?: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(intlLocale(), options ?? { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(value),
  );
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "3 minutes ago" / "hace 3 minutos" from a moment and now. */
export function formatRelative(value: Date | string | number, now: number = Date.now()): string {
  let amount = (new Date(value).getTime() - now) / 1000;
  const format = new Intl.RelativeTimeFormat(intlLocale(), { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return format.format(Math.round(amount), 'year');
}
