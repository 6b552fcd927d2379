import { z } from 'zod';

/** Registration layouts chosen by the `r_page` setting (SPEC §2 Registration); unknown values mean basic. */
export const REGISTRATION_PAGES = ['basic', 'ic', 'td'] as const;
export type RegistrationPage = (typeof REGISTRATION_PAGES)[number];

/** Site status: `disabled` shows the maintenance screen; anything else lets the site run (SPEC §3). */
export const SITE_STATUSES = ['active', 'disabled'] as const;

/** The default site name when settings carry none (SPEC §2 loading screen "default fallback name"). */
export const DEFAULT_SITE_NAME = 'OpenBroker';

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

/** A staff change to the site settings: any subset of the fields, plus the staff-only auto-approve switch. */
export const siteSettingsUpdateSchema = siteSettingsSchema
  .extend({ auto_approve: z.boolean() })
  .partial()
  .strict();
export type SiteSettingsUpdate = z.infer<typeof siteSettingsUpdateSchema>;

/** Picks the registration layout; unknown or missing values fall back to basic (SPEC §2). */
export function registrationPageOf(rPage: string | null | undefined): RegistrationPage {
  return (REGISTRATION_PAGES as readonly string[]).includes(rPage ?? '')
    ? (rPage as RegistrationPage)
    : 'basic';
}
