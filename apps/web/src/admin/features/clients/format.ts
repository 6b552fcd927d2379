/** An amount in its currency, as staff read it ($1,234.56). */
export function formatAmount(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** A date and time in the staff member's zone, to the minute. */
export function formatWhen(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** A margin level in percent; null means no margin is held (∞). */
export function formatLevel(level: number | null): string {
  return level === null ? '∞' : `${level.toFixed(2)}%`;
}

/** A price to the digits that matter for its size (the trade carries no instrument digits). */
export function formatPrice(price: number | null): string {
  if (price === null) return '—';
  const digits = price < 10 ? 5 : price < 1_000 ? 3 : 2;
  return price.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
