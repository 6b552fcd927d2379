import { displayTimeZone } from '@/stores/preferencesStore';

/** A date and time in the user's chosen time zone (Settings → Preferences), else the browser's. */
export function formatDateTime(iso: string, timeZone: string | undefined = displayTimeZone()): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}
