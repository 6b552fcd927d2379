import { formatDateTime, formatAmount as formatMoney } from '@/i18n/format';

/** An amount in its currency, as staff read it ("$1,234.56", "1.234,56 US$"). */
export function formatAmount(amount: number, currency: string): string {
  try {
    return formatMoney(amount, currency);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** A date and time in the staff member's zone, to the minute. */
export function formatWhen(iso: string | null): string {
  if (!iso) return '—';
  return formatDateTime(iso, { dateStyle: 'medium', timeStyle: 'short' });
}
