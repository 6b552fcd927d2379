import {
  DEFAULT_CATEGORY_LEVERAGE,
  LEVERAGE_CATEGORIES,
  type SiteSettings,
  type SiteSettingsUpdate,
  type StaffCategoryLeverage,
  type StaffSettings,
} from '@openbroker/domain';
import type { SiteSettingsPatch, SiteSettingsRow } from './repo.ts';

/** The public shape of SPEC §1/§3 site settings; staff-only fields stay out. */
export function presentSettings(row: SiteSettingsRow): SiteSettings {
  return {
    name: row.name,
    status: row.status,
    maintenanceMessage: row.maintenanceMessage,
    contactEmail: row.contactEmail,
    website_url: row.websiteUrl,
    logo: row.logo,
    logo_sm: row.logoSm,
    favicon: row.favicon,
    r_page: row.rPage,
    header_link: row.headerLink,
    footer_link: row.footerLink,
    terms_link: row.termsLink,
    privacy_link: row.privacyLink,
    risk_link: row.riskLink,
    help_link: row.helpLink,
  };
}

/** Every category as staff see it: a category never stored has the default (SPEC §9: 100). */
function staffCategoryLeverage(stored: SiteSettingsRow['categoryLeverage']): StaffCategoryLeverage {
  const out = { ...DEFAULT_CATEGORY_LEVERAGE } as StaffCategoryLeverage;
  for (const k of LEVERAGE_CATEGORIES) {
    const v = (stored as Partial<StaffCategoryLeverage>)[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

export function presentStaffSettings(row: SiteSettingsRow): StaffSettings {
  return {
    ...presentSettings(row),
    auto_approve: row.autoApprove,
    category_leverage: staffCategoryLeverage(row.categoryLeverage),
    four_eyes_threshold: Number(row.fourEyesThresholdCents) / 100,
    account_currencies: row.accountCurrencies,
    demo_balance: Number(row.demoBalanceCents) / 100,
    withdrawal_two_level_threshold: Number(row.withdrawalTwoLevelCents) / 100,
  };
}

type Field = keyof SiteSettingsUpdate;

/** How each field of a staff change is stored. */
const STORE: {
  [K in Field]-?: (v: NonNullable<SiteSettingsUpdate[K]> | null, row: SiteSettingsRow) => SiteSettingsPatch;
} = {
  name: (v) => ({ name: v ?? undefined }),
  status: (v) => ({ status: v ?? undefined }),
  maintenanceMessage: (v) => ({ maintenanceMessage: v }),
  contactEmail: (v) => ({ contactEmail: v }),
  website_url: (v) => ({ websiteUrl: v }),
  logo: (v) => ({ logo: v }),
  logo_sm: (v) => ({ logoSm: v }),
  favicon: (v) => ({ favicon: v }),
  r_page: (v) => ({ rPage: v ?? undefined }),
  header_link: (v) => ({ headerLink: v }),
  footer_link: (v) => ({ footerLink: v }),
  terms_link: (v) => ({ termsLink: v }),
  privacy_link: (v) => ({ privacyLink: v }),
  risk_link: (v) => ({ riskLink: v }),
  help_link: (v) => ({ helpLink: v }),
  auto_approve: (v) => ({ autoApprove: v ?? undefined }),
  category_leverage: (v, row) => ({
    categoryLeverage: { ...staffCategoryLeverage(row.categoryLeverage), ...(v ?? {}) },
  }),
  four_eyes_threshold: (v) => ({
    fourEyesThresholdCents: v === null ? undefined : BigInt(Math.round(v * 100)),
  }),
  account_currencies: (v) => ({ accountCurrencies: v ?? undefined }),
  demo_balance: (v) => ({ demoBalanceCents: v === null ? undefined : BigInt(Math.round(v * 100)) }),
  withdrawal_two_level_threshold: (v) => ({
    withdrawalTwoLevelCents: v === null ? undefined : BigInt(Math.round(v * 100)),
  }),
};

/** The value a field will have after the change, in the staff shape (for comparing and auditing). */
function nextValue(field: Field, update: SiteSettingsUpdate, current: StaffSettings): unknown {
  if (field === 'category_leverage') return { ...current.category_leverage, ...update.category_leverage };
  const v = update[field];
  // An emptied maintenance message is no message.
  if (field === 'maintenanceMessage' && v === '') return null;
  return v;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export interface SettingsChange {
  patch: SiteSettingsPatch;
  /** Only the fields that change, in the staff API's names and units. */
  before: Partial<StaffSettings>;
  after: Partial<StaffSettings>;
}

/** What a staff change really changes: the stored patch and the before/after of the changed fields. */
export function settingsChange(row: SiteSettingsRow, update: SiteSettingsUpdate): SettingsChange {
  const current = presentStaffSettings(row);
  const patch: SiteSettingsPatch = {};
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const field of Object.keys(update) as Field[]) {
    if (update[field] === undefined) continue;
    const next = nextValue(field, update, current);
    const prev = current[field];
    if (same(prev, next)) continue;
    before[field] = prev;
    after[field] = next;
    const store = STORE[field] as (v: unknown, row: SiteSettingsRow) => SiteSettingsPatch;
    Object.assign(patch, store(field === 'maintenanceMessage' ? next : update[field], row));
  }
  return { patch, before: before as Partial<StaffSettings>, after: after as Partial<StaffSettings> };
}
