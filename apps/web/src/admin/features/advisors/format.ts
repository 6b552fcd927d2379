import { formatAmount } from '../clients/format';

/** USD as staff read it: $1,234.56. */
export const usd = (amount: number) => formatAmount(amount, 'USD');

/** A 0..1 fraction as a percentage to one place, or a dash when there is none. */
export const percent = (fraction: number | null | undefined) =>
  fraction === null || fraction === undefined ? '—' : `${(fraction * 100).toFixed(1)}%`;

/** A signed amount with its sign always shown (+$12.00, −$3.50) and a tone class for colour. */
export function signed(amount: number, currency: string): { text: string; tone: string } {
  const text = formatAmount(Math.abs(amount), currency);
  if (amount > 0) return { text: `+${text}`, tone: 'text-buy' };
  if (amount < 0) return { text: `−${text}`, tone: 'text-sell' };
  return { text, tone: 'text-muted-foreground' };
}
