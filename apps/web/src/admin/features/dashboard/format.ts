import { formatCents, formatNumber } from '@/i18n/format';

/** USD cents as money in the reader's language, e.g. 123456 → "$1,234.56". */
export const usd = (cents: number): string => formatCents(cents, 'USD');

/** A signed amount: "+$12.00", "−$3.50", "$0.00" (the sign is text, not only colour). */
export function signedUsd(cents: number): string {
  if (cents === 0) return usd(0);
  return `${cents > 0 ? '+' : '−'}${usd(Math.abs(cents))}`;
}

/** Green for a gain, red for a loss, muted for nothing. */
export const pnlTone = (cents: number): string =>
  cents > 0 ? 'text-buy' : cents < 0 ? 'text-sell' : 'text-muted-foreground';

/** Lots to two decimals, signed when asked. */
export function lots(n: number, signed = false): string {
  const text = formatNumber(Math.abs(n), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  if (!signed || n === 0) return n < 0 ? `−${text}` : text;
  return `${n > 0 ? '+' : '−'}${text}`;
}

export const count = (n: number): string => formatNumber(n);
