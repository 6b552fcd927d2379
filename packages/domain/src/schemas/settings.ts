import { z } from 'zod';
import { LEVERAGE_CATEGORIES, type LeverageCategory } from '../leverage/leverage.ts';

/** Registration layouts chosen by the `r_page` setting (SPEC §2 Registration); unknown values mean basic. */
export const REGISTRATION_PAGES = ['basic', 'ic', 'td'] as const;
export type RegistrationPage = (typeof REGISTRATION_PAGES)[number];

/** Site status: `disabled` shows the maintenance screen; anything else lets the site run (SPEC §3). */
export const SITE_STATUSES = ['active', 'disabled'] as const;

/** The default site name when settings carry none (SPEC §2 loading screen "default fallback name"). */
export const DEFAULT_SITE_NAME = 'OpenBroker';

/** Longest site name staff may set: it has to fit the loading screen and the page header. */
export const SITE_NAME_MAX = 80;

const optionalUrl = z.string().max(2048).nullable();

/** Public site settings returned by `GET /settings` (SPEC §1, §3 "Site settings"). */
export const siteSettingsSchema = z.object({
  name: z.string().min(1).max(120),
  status: z.enum(SITE_STATUSES),
  maintenanceMessage: z.string().max(2000).nullable(),
  contactEmail: z.email().nullable(),
  website_url: optionalUrl,
  logo: optionalUrl,
  logo_sm: optionalUrl,
  favicon: optionalUrl,
  r_page: z.string().max(20),
  header_link: optionalUrl,
  footer_link: optionalUrl,
  terms_link: optionalUrl,
  privacy_link: optionalUrl,
  risk_link: optionalUrl,
  help_link: optionalUrl,
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** Whether a string is an absolute http(s) address (links customers follow must never be javascript: etc.). */
export function isHttpUrl(value: string): boolean {
  // No URL class here (the domain runs without DOM or Node types): a scheme, a host of letters,
  // digits, dots, dashes (or an IPv6 literal) with an optional port, then anything without spaces.
  return /^https?:\/\/(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:[/?#]\S*)?$/i.test(
    value,
  );
}

/** Where uploaded branding images are served (`GET /api/v1/branding/:file`). */
export const BRANDING_PATH = '/api/v1/branding';
/** Stored branding files: a server-made UUID name and one of the allowed image extensions. */
export const BRANDING_FILE_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp|gif|ico)$/;

/** Whether a value names one of our uploaded branding images. */
export function isBrandingRef(value: string): boolean {
  if (!value.startsWith(`${BRANDING_PATH}/`)) return false;
  return BRANDING_FILE_PATTERN.test(value.slice(BRANDING_PATH.length + 1));
}

const URL_MESSAGE = 'Enter a full http(s) address, e.g. https://example.com';
const IMAGE_MESSAGE = 'Upload an image, or enter a full http(s) address of one';

/** A link field: an absolute http(s) address, or null for none. */
export const httpUrlSchema = z.string().trim().max(2048).refine(isHttpUrl, URL_MESSAGE);
/** An image field (logo, favicon, plan image): one of our uploads or an absolute http(s) address. */
export const imageRefSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => isBrandingRef(v) || isHttpUrl(v), IMAGE_MESSAGE);

/** Category leverage staff may set: a whole number 1–1000, or null for "not set" (SPEC §9 order). */
export const LEVERAGE_MAX = 1_000;
const categoryLeverageValue = z
  .number({ error: 'Leverage must be a number' })
  .int('Leverage must be a whole number')
  .min(1, 'Leverage must be at least 1')
  .max(LEVERAGE_MAX, `Leverage must be at most ${LEVERAGE_MAX}`)
  .nullable();

/** Every category's leverage as staff see it: a number, or null where the asset's/plan's applies. */
export const staffCategoryLeverageSchema = z.object(
  Object.fromEntries(LEVERAGE_CATEGORIES.map((c) => [c, categoryLeverageValue])) as Record<
    LeverageCategory,
    typeof categoryLeverageValue
  >,
);
export type StaffCategoryLeverage = z.infer<typeof staffCategoryLeverageSchema>;

/** The four-eyes threshold is set in US dollars with at most two decimals; a billion is plenty. */
export const FOUR_EYES_THRESHOLD_MAX = 1_000_000_000;
const fourEyesThreshold = z
  .number({ error: 'The threshold must be a number' })
  .min(0, 'The threshold cannot be negative')
  .max(FOUR_EYES_THRESHOLD_MAX, 'The threshold is too large')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Use at most two decimals');

/** The most currencies staff may allow for live accounts (a select customers choose from). */
export const ACCOUNT_CURRENCIES_MAX = 20;
/** Currencies customers may open live accounts in: three-letter codes, each once, at least one. */
const accountCurrencies = z
  .array(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Use three-letter currency codes such as EUR'),
    {
      error: 'List the currencies as three-letter codes',
    },
  )
  .min(1, 'Allow at least one currency')
  .max(ACCOUNT_CURRENCIES_MAX, `At most ${ACCOUNT_CURRENCIES_MAX} currencies`)
  .refine((v) => new Set(v).size === v.length, 'List each currency once');

/** A demo account's virtual funds, in its currency with at most two decimals. */
export const DEMO_BALANCE_MAX = 100_000_000;
const demoBalance = z
  .number({ error: 'The demo balance must be a number' })
  .positive('The demo balance must be greater than zero')
  .max(DEMO_BALANCE_MAX, 'The demo balance is too large')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Use at most two decimals');

/** Site settings as staff see them: the public fields plus the staff-only ones (DESIGN §12). */
export const staffSettingsSchema = siteSettingsSchema.extend({
  auto_approve: z.boolean(),
  category_leverage: staffCategoryLeverageSchema,
  /** USD (a decimal): adjustments of at least this much wait for a second staff member. */
  four_eyes_threshold: z.number().min(0),
  /** Currencies customers may open live accounts in. */
  account_currencies: z.array(z.string()),
  /** A new or reset demo account's virtual funds (in its currency). */
  demo_balance: z.number().min(0),
  /** USD (a decimal): withdrawals of at least this much need two staff approvals. */
  withdrawal_two_level_threshold: z.number().min(0),
});
export type StaffSettings = z.infer<typeof staffSettingsSchema>;

/**
 * A staff change to the site settings: any subset of the fields. Links are http(s) only, images are
 * our uploads or http(s) addresses, the name 1–80 characters (SPEC §1, §3; DESIGN §12).
 */
export const siteSettingsUpdateSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Enter the site name')
      .max(SITE_NAME_MAX, `The site name can be at most ${SITE_NAME_MAX} characters`),
    status: z.enum(SITE_STATUSES, { error: 'Status must be active or disabled' }),
    maintenanceMessage: z.string().trim().max(2000, 'At most 2000 characters').nullable(),
    contactEmail: z.email('Enter a valid e-mail address').max(254).nullable(),
    website_url: httpUrlSchema.nullable(),
    logo: imageRefSchema.nullable(),
    logo_sm: imageRefSchema.nullable(),
    favicon: imageRefSchema.nullable(),
    r_page: z.enum(REGISTRATION_PAGES, { error: 'Registration page must be basic, ic or td' }),
    header_link: httpUrlSchema.nullable(),
    footer_link: httpUrlSchema.nullable(),
    terms_link: httpUrlSchema.nullable(),
    privacy_link: httpUrlSchema.nullable(),
    risk_link: httpUrlSchema.nullable(),
    help_link: httpUrlSchema.nullable(),
    auto_approve: z.boolean(),
    category_leverage: staffCategoryLeverageSchema.partial().strict(),
    four_eyes_threshold: fourEyesThreshold,
    account_currencies: accountCurrencies,
    demo_balance: demoBalance,
    withdrawal_two_level_threshold: fourEyesThreshold,
  })
  .partial()
  .strict();
export type SiteSettingsUpdate = z.infer<typeof siteSettingsUpdateSchema>;

/** What an upload is for: its size cap and the image types it may be (`POST /admin/settings/uploads/:kind`). */
export const BRANDING_KINDS = ['logo', 'logo_sm', 'favicon', 'plan_icon'] as const;
export type BrandingKind = (typeof BRANDING_KINDS)[number];
/** The kinds the site settings upload takes (plan icons have their own call, under plans.write). */
export const SETTINGS_IMAGE_KINDS = ['logo', 'logo_sm', 'favicon'] as const;
export type SettingsImageKind = (typeof SETTINGS_IMAGE_KINDS)[number];
export const BRANDING_MAX_BYTES: Readonly<Record<BrandingKind, number>> = {
  logo: 1024 * 1024,
  logo_sm: 1024 * 1024,
  favicon: 256 * 1024,
  plan_icon: 1024 * 1024,
};
export const brandingUploadResponseSchema = z.object({
  data: z.object({ url: z.string(), mime: z.string(), size: z.number().int() }),
});
export type BrandingUpload = z.infer<typeof brandingUploadResponseSchema>['data'];

/** Picks the registration layout; unknown or missing values fall back to basic (SPEC §2). */
export function registrationPageOf(rPage: string | null | undefined): RegistrationPage {
  return (REGISTRATION_PAGES as readonly string[]).includes(rPage ?? '')
    ? (rPage as RegistrationPage)
    : 'basic';
}
