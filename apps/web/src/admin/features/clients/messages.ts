import { i18n } from '@/i18n/i18n';
import en from '@/i18n/locales/en/adminClients';

type ValidationKey = keyof typeof en.validation;

const BY_TEXT = new Map<string, ValidationKey>(
  (Object.entries(en.validation) as [ValidationKey, string][]).map(([key, text]) => [text, key]),
);

/**
 * A validation message of the domain's schemas (or the same words back from the server) in the
 * reader's language; a message we do not know is shown as it came.
 */
export function localMessage(message: string): string;
export function localMessage(message: string | undefined): string | undefined;
export function localMessage(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const key = BY_TEXT.get(message);
  return key ? i18n.t(`adminClients:validation.${key}`) : message;
}
