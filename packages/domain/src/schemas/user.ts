import { z } from 'zod';
import { ACCOUNT_KINDS } from '../money/ledger.ts';
import { PERMISSIONS, STAFF_ROLES } from '../staff/permissions.ts';
import { notificationSchema } from './notifications.ts';
import { USER_STATUSES } from './registration.ts';

/** An account plan as the user carries it (SPEC §3 "account_type"). */
export const accountTypeSchema = z.object({
  id: z.number(),
  title: z.string(),
  color: z.string(),
  icon: z.string().nullable(),
  image: z.string().nullable(),
  leverage: z.number(),
});

/** One trading account of a user (SPEC §3 "accounts[] (title, balance)"); money as decimal amounts. */
export const tradingAccountSchema = z.object({
  id: z.number(),
  number: z.string(),
  title: z.string(),
  /** Live money or a demo account's virtual funds (never mixed: DESIGN §11). */
  type: z.enum(ACCOUNT_KINDS),
  currency: z.string(),
  balance: z.number(),
  credit_balance: z.number(),
});

/**
 * `GET /user` (SPEC §3 User). balance and credit_balance are those of the selected account, in its
 * currency, as decimal amounts rounded to the cent from integer cents on the server.
 */
export const userSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  avatar: z.string().nullable(),
  role: z.enum(['customer', 'staff']),
  status: z.enum(USER_STATUSES),
  account_id: z.string().nullable(),
  is_online: z.boolean(),
  unread_count: z.number(),
  balance: z.number(),
  credit_balance: z.number(),
  /** The latest notifications, newest first (SPEC §3). */
  notifications: z.array(notificationSchema),
  accounts: z.array(tradingAccountSchema),
  selectedAccountIndex: z.number(),
  account_type: accountTypeSchema.nullable(),
  autotrader: z.boolean(),
  eas: z.array(z.number()),
  /** Staff only: their roles and what those allow (the back office hides what they cannot do). */
  staff_roles: z.array(z.enum(STAFF_ROLES)),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type User = z.infer<typeof userSchema>;
export type TradingAccount = z.infer<typeof tradingAccountSchema>;
