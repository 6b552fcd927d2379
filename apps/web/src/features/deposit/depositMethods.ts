/** SPEC §2: `/main/deposit` opens on a crypto deposit; this is the one it opens on. */
export const DEFAULT_DEPOSIT_CRYPTO = 'bitcoin';

/**
 * A readable name for the `:crypto` route segment ("bitcoin" → "Bitcoin", "usdt-trc20" →
 * "USDT TRC20"). The segment comes from the address bar, so it is only ever rendered as text.
 */
export function cryptoLabel(slug: string): string {
  const words = slug.split(/[-_\s]+/).filter(Boolean);
  if (words.length === 0) return 'Crypto';
  return words
    .map((word) =>
      /\d/.test(word) || word.length <= 4 ? word.toUpperCase() : word[0]?.toUpperCase() + word.slice(1),
    )
    .join(' ');
}
