import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Customers and staff. A role decides the back office; a status decides whether a customer may use the app. */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    username: text('username'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['customer', 'staff'] }).notNull().default('customer'),
    status: text('status', { enum: ['active', 'pending', 'deactivated'] }).notNull().default('pending'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    countryCode: text('country_code'),
    country: text('country'),
    nationality: text('nationality'),
    avatar: text('avatar'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/** Opaque login sessions: only a SHA-256 of the token is stored, so a database leak yields no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/** The one row of site-wide settings (SPEC §1); `id` is pinned to 1. */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull().default('OpenBroker'),
    status: text('status', { enum: ['active', 'disabled'] }).notNull().default('active'),
    maintenanceMessage: text('maintenance_message'),
    contactEmail: text('contact_email'),
    websiteUrl: text('website_url'),
    logo: text('logo'),
    logoSm: text('logo_sm'),
    favicon: text('favicon'),
    rPage: text('r_page').notNull().default('basic'),
    headerLink: text('header_link'),
    footerLink: text('footer_link'),
    termsLink: text('terms_link'),
    privacyLink: text('privacy_link'),
    riskLink: text('risk_link'),
    helpLink: text('help_link'),
    /** When on, new registrations start active instead of pending (staff-only). */
    autoApprove: boolean('auto_approve').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check('site_settings_single_row', sql`${t.id} = 1`)],
);
