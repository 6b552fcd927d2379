import { formatAmount, formatNumber } from '@/i18n/format';

/** An amount in its currency in the reader's language; a code Intl does not know reads "12.00 XYZ". */
function money(amount: number, currency: string): string {
  try {
    return formatAmount(amount, currency);
  } catch {
    return `${formatNumber(amount, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
  }
}

/** USD as staff read it: $1,234.56. */
export const usd = (amount: number) => money(amount, 'USD');

/** A 0..1 fraction as a percentage to one place, or a dash when there is none. */
export const percent = (fraction: number | null | undefined) =>
  fraction === null || fraction === undefined
    ? '—'
    : formatNumber(fraction, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A signed amount with its sign always shown (+$12.00, −$3.50) and a tone class for colour. */
export function signed(amount: number, currency: string): { text: string; tone: string } {
  const text = money(Math.abs(amount), currency);
  if (amount > 0) return { text: `+${text}`, tone: 'text-buy' };
  if (amount < 0) return { text: `−${text}`, tone: 'text-sell' };
  return { text, tone: 'text-muted-foreground' };
}
