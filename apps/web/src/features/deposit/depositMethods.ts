import type { CryptoCoin } from '@openbroker/domain';
import { i18n } from '@/i18n/i18n';

/** SPEC §2: `/main/deposit` opens on a crypto deposit; this is the coin it opens on. */
export const DEFAULT_DEPOSIT_CRYPTO = 'btc';

/** The `:crypto` route segment of a coin: its code in lower case (`/main/deposit/usdt`). */
export function coinSlug(coin: string): string {
  return coin.toLowerCase();
}

/**
 * The coin a `:crypto` segment names. The segment comes from the address bar, so it is matched,
 * never trusted, and only ever rendered as text.
 */
export function findCoin(coins: readonly CryptoCoin[], slug: string): CryptoCoin | undefined {
  const wanted = slug.toLowerCase();
  return coins.find((c) => c.coin.toLowerCase() === wanted || c.name.toLowerCase() === wanted);
}

/** A heading for the segment before the coin list has loaded ("btc" → "BTC"). */
export function cryptoLabel(slug: string): string {
  const text = slug.replace(/[^A-Za-z0-9 -]/g, '').slice(0, 12);
  return text === '' ? i18n.t('money:deposit.method.crypto') : text.toUpperCase();
}
