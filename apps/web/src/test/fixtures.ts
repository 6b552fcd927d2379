import type { SiteSettings } from '@openbroker/domain';
import type { SessionUser } from '@/stores/sessionStore';

/** Valid site settings (they pass `siteSettingsSchema`), with any field overridable. */
export function siteSettings(overrides: Partial<SiteSettings> = {}): SiteSettings {
  return {
    name: 'Acme Markets',
    status: 'active',
    maintenanceMessage: null,
    contactEmail: null,
    website_url: null,
    logo: null,
    logo_sm: null,
    favicon: null,
    r_page: 'basic',
    header_link: null,
    footer_link: null,
    terms_link: null,
    privacy_link: null,
    risk_link: null,
    help_link: null,
    ...overrides,
  };
}

export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 1,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    status: 'active',
    account_id: 'OB-100001',
    balance: 0,
    credit_balance: 0,
    accounts: [],
    ...overrides,
  };
}

/** happy-dom's hook for changing the page address (location.origin is read-only otherwise). */
export function setPageUrl(url: string): void {
  const w: Window & { happyDOM?: { setURL(next: string): void } } = window;
  if (!w.happyDOM) throw new Error('These tests need the happy-dom environment');
  w.happyDOM.setURL(url);
}
