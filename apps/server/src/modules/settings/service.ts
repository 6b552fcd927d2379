import type { SiteSettings, SiteSettingsUpdate } from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import { readSettings, type SiteSettingsPatch, type SiteSettingsRow, writeSettings } from './repo.ts';

/** The public shape of SPEC §1/§3 site settings; staff-only fields (auto_approve) stay out. */
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

export type StaffSettings = SiteSettings & { auto_approve: boolean };

export function presentStaffSettings(row: SiteSettingsRow): StaffSettings {
  return { ...presentSettings(row), auto_approve: row.autoApprove };
}

function toPatch(u: SiteSettingsUpdate): SiteSettingsPatch {
  return {
    name: u.name,
    status: u.status,
    maintenanceMessage: u.maintenanceMessage,
    contactEmail: u.contactEmail,
    websiteUrl: u.website_url,
    logo: u.logo,
    logoSm: u.logo_sm,
    favicon: u.favicon,
    rPage: u.r_page,
    headerLink: u.header_link,
    footerLink: u.footer_link,
    termsLink: u.terms_link,
    privacyLink: u.privacy_link,
    riskLink: u.risk_link,
    helpLink: u.help_link,
    autoApprove: u.auto_approve,
  };
}

export function createSettingsService(deps: { db: Db; clock: Clock; bus?: Bus }) {
  return {
    async get(): Promise<SiteSettingsRow> {
      return readSettings(deps.db);
    },
    async update(update: SiteSettingsUpdate): Promise<SiteSettingsRow> {
      // Drizzle skips undefined keys, so only the fields sent are written.
      const row = await writeSettings(deps.db, toPatch(update), deps.clock.now());
      deps.bus?.publish('settings.updated', {});
      return row;
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
