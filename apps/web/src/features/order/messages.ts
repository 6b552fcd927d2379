import { CALCULATOR_MESSAGES, ORDER_MESSAGES } from '@openbroker/domain';
import { i18n } from '@/i18n/i18n';
import { EXPIRY_IN_PAST } from './pendingValidation';

type DomainKey = keyof typeof ORDER_MESSAGES | 'calcVolume' | 'calcEntryPrice' | 'expiryInPast';

/** The domain's English messages (SPEC §5, §9 word for word) → their catalogue keys. */
const KEYS = new Map<string, DomainKey>([
  ...(Object.entries(ORDER_MESSAGES) as [keyof typeof ORDER_MESSAGES, string][]).map(
    ([key, text]) => [text, key] as [string, DomainKey],
  ),
  [CALCULATOR_MESSAGES.volume, 'calcVolume'],
  [CALCULATOR_MESSAGES.entryPrice, 'calcEntryPrice'],
  [EXPIRY_IN_PAST, 'expiryInPast'],
]);

/**
 * A validation message in the reader's language: the domain and the client check in English (the
 * words SPEC and the server share); a message the catalogue knows is translated when shown, any
 * other (a server's own words) is shown as it came.
 */
export function tradeMessage(message: string): string;
export function tradeMessage(message: string | undefined): string | undefined;
export function tradeMessage(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const key = KEYS.get(message);
  return key ? i18n.t(`trade:domain.${key}`) : message;
}
