import { formatDateTime as formatInLocale } from '@/i18n/format';
import { displayTimeZone } from '@/stores/preferencesStore';

/** A date and time in the user's chosen time zone (Settings → Preferences), else the browser's. */
export function formatDateTime(iso: string, timeZone: string | undefined = displayTimeZone()): string {
  return formatInLocale(iso, { dateStyle: 'medium', timeStyle: 'short', timeZone });
}
