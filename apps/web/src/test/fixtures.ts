import type { SiteSettings, User } from '@openbroker/domain';

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

/** A valid `User` (it passes `userSchema`), with any field overridable. */
export function sessionUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    username: 'ada',
    avatar: null,
    role: 'customer',
    status: 'active',
    account_id: 'OB-100001',
    is_online: true,
    unread_count: 0,
    balance: 0,
    credit_balance: 0,
    notifications: [],
    accounts: [],
    selectedAccountIndex: 0,
    account_type: null,
    autotrader: false,
    eas: [],
    staff_roles: [],
    permissions: [],
    ...overrides,
  };
}

/** happy-dom's hook for changing the page address (location.origin is read-only otherwise). */
export function setPageUrl(url: string): void {
  const w: Window & { happyDOM?: { setURL(next: string): void } } = window;
  if (!w.happyDOM) throw new Error('These tests need the happy-dom environment');
  w.happyDOM.setURL(url);
}
