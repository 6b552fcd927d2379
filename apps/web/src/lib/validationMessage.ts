import { i18n } from '@/i18n/i18n';
import enCommon from '@/i18n/locales/en/common';

type ValidationKey = keyof typeof enCommon.validation;

/** English message → its key in `common:validation`, built once from the English catalogue. */
const KEY_OF = new Map<string, ValidationKey>(
  (Object.entries(enCommon.validation) as [ValidationKey, string][]).map(([key, text]) => [text, key]),
);

/**
 * The shared domain schemas (and the server, which uses them too) word their validation messages
 * in English (SPEC §5). This shows a known one in the reader's language; any other message is
 * shown as it came (a server's own words stay as they are).
 */
export function localizeMessage(message: string): string;
export function localizeMessage(message: string | undefined): string | undefined;
export function localizeMessage(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const key = KEY_OF.get(message);
  return key ? i18n.t(`common:validation.${key}`) : message;
}
