import { formatAmount as formatAmountIn, formatDateTime, formatNumber } from '@/i18n/format';

/** An amount in its currency, as staff read it in their language ($1,234.56 / 1234,56 US$). */
export function formatAmount(amount: number, currency: string): string {
  try {
    return formatAmountIn(amount, currency);
  } catch {
    return `${formatNumber(amount, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
  }
}

/** A date and time in the staff member's zone and language, to the minute. */
export function formatWhen(iso: string | null): string {
  if (!iso) return '—';
  return formatDateTime(iso, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A margin level in percent; null means no margin is held (∞). */
export function formatLevel(level: number | null): string {
  return level === null
    ? '∞'
    : formatNumber(level / 100, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A profit or loss as a plain number to the cent (the account's currency is shown beside it). */
export function formatPnl(pnl: number): string {
  return formatNumber(pnl, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/**
 * A price to the digits that matter for its size (the trade carries no instrument digits). Quotes
 * keep the market's own notation in every language, as the terminal shows them.
 */
export function formatPrice(price: number | null): string {
  if (price === null) return '—';
  const digits = price < 10 ? 5 : price < 1_000 ? 3 : 2;
  return price.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
