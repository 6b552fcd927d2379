import { z } from 'zod';
import { isTimeZone } from './instruments.ts';

/**
 * Kinds of notification a customer may silence. Security notices (password changed, two-factor
 * changes) belong to none of them on purpose: they always reach the user.
 */
export const NOTIFICATION_KINDS = [
  'margin_call',
  'trade_closed',
  'pending_filled',
  'account',
  'money',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  margin_call: 'Margin calls',
  trade_closed: 'Positions closed (stop loss, take profit, stop out)',
  pending_filled: 'Pending orders filled or cancelled',
  account: 'Account status',
  money: 'Deposits, withdrawals and balance changes',
};

const KIND_BY_TITLE: Record<string, NotificationKind> = {
  'Margin call': 'margin_call',
  'Stop loss triggered': 'trade_closed',
  'Take profit triggered': 'trade_closed',
  'Stop out': 'trade_closed',
  'Pending order filled': 'pending_filled',
  'Pending order cancelled': 'pending_filled',
  'Account approved': 'account',
  'Funds credited': 'money',
  'Credit added': 'money',
  'Balance adjusted': 'money',
  'Credit adjusted': 'money',
};

/**
 * The kind of a notification from its title (notifications carry no kind column), or null for
 * notices that are never silenced.
 */
export function notificationKindOf(title: string): NotificationKind | null {
  const known = KIND_BY_TITLE[title];
  if (known) return known;
  if (/deposit|withdrawal/i.test(title)) return 'money';
  return null;
}

/** The client's languages, each named in itself (a reader of it finds it whatever is shown now). */
export const LANGUAGES = [
  { code: 'en', label: 'English', intl: 'en-US' },
  { code: 'es', label: 'Español', intl: 'es-ES' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const PREFERENCE_MESSAGES = {
  currency: 'Choose a currency code like USD',
  timeZone: 'Choose a time zone from the list',
  language: 'Choose a language from the list',
} as const;

const kindsSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<
    NotificationKind,
    z.ZodBoolean
  >,
);

/** A customer's preferences, kept server-side so they follow the user between devices. */
export const preferencesSchema = z.object({
  /**
   * The currency amounts are converted into (SPEC §1); null, the default, shows each amount in
   * its own account's currency (issue 14: a EUR account reads in EUR).
   */
  display_currency: z
    .string()
    .regex(/^[A-Z]{3}$/, PREFERENCE_MESSAGES.currency)
    .nullable(),
  sounds: z.boolean(),
  notification_kinds: kindsSchema,
  language: z.enum(LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]], {
    error: PREFERENCE_MESSAGES.language,
  }),
  /** An IANA zone; null means the browser's own. */
  time_zone: z.string().max(64).refine(isTimeZone, PREFERENCE_MESSAGES.timeZone).nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** `PUT /security/preferences`: any subset; the rest stays. */
export const preferencesUpdateSchema = preferencesSchema.partial();
export type PreferencesUpdate = z.infer<typeof preferencesUpdateSchema>;

export const DEFAULT_PREFERENCES: Preferences = {
  display_currency: null,
  sounds: true,
  notification_kinds: {
    margin_call: true,
    trade_closed: true,
    pending_filled: true,
    account: true,
    money: true,
  },
  language: 'en',
  time_zone: null,
};

/** Stored preferences over the defaults; anything stored that no longer validates falls back. */
export function resolvePreferences(stored: unknown): Preferences {
  const merged = {
    ...DEFAULT_PREFERENCES,
    ...(typeof stored === 'object' && stored !== null ? stored : {}),
  };
  const parsed = preferencesSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
}
