import { z } from 'zod';
import { USER_STATUSES } from './registration.ts';
import { accountSummarySchema, pagedSchema, tradeSchema } from './trading.ts';

/** Columns the clients list sorts by (`sort=name` ascending, `sort=-name` descending). */
export const CLIENT_SORTS = ['created_at', 'name', 'email', 'balance', 'last_seen'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
/** Every value `sort` takes: a column, or the column with `-` for descending. */
export const CLIENT_SORT_PARAMS = [
  'created_at',
  '-created_at',
  'name',
  '-name',
  'email',
  '-email',
  'balance',
  '-balance',
  'last_seen',
  '-last_seen',
] as const satisfies readonly (ClientSort | `-${ClientSort}`)[];

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** `GET /admin/clients`: search (name, email, account number), filters, sort and page. */
export const clientListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(USER_STATUSES, { error: 'Unknown status' }).optional(),
  plan_id: z.coerce.number().int().positive().optional(),
  online: flag.optional(),
  sort: z
    .enum(CLIENT_SORT_PARAMS, {
      error: `Sort by one of ${CLIENT_SORTS.join(', ')} (prefix - for descending)`,
    })
    .default('-created_at'),
  page,
  per_page: z.coerce.number().int().min(1).max(200).default(25),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

export const clientPlanRefSchema = z.object({ id: z.number(), title: z.string(), color: z.string() });

/** One trading account as the clients list shows it (amounts in the account currency). */
export const clientAccountRefSchema = z.object({
  id: z.number(),
  number: z.string(),
  currency: z.string(),
  balance: z.number(),
  credit: z.number(),
});

/** One row of the clients list; totals add up every account of the client. */
export const clientRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
  plan: clientPlanRefSchema.nullable(),
  accounts: z.array(clientAccountRefSchema),
  balance: z.number(),
  credit: z.number(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
  online: z.boolean(),
});
export type ClientRow = z.infer<typeof clientRowSchema>;
export const clientPageSchema = pagedSchema(clientRowSchema);

/** Everything staff may see of a client's own record (never a password hash or token). */
export const clientProfileSchema = z.object({
  id: z.number(),
  email: z.string(),
  username: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  country_code: z.string().nullable(),
  country: z.string().nullable(),
  nationality: z.string().nullable(),
  avatar: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  autotrader: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  last_seen_at: z.string().nullable(),
  online: z.boolean(),
});

/** A trading account on the client card: the customer's own account summary at live prices. */
export const clientAccountSchema = accountSummarySchema.extend({
  number: z.string(),
  title: z.string(),
  created_at: z.string(),
});
export type ClientAccount = z.infer<typeof clientAccountSchema>;

export const clientCardSchema = z.object({
  profile: clientProfileSchema,
  plan: clientPlanRefSchema.extend({ leverage: z.number() }).nullable(),
  accounts: z.array(clientAccountSchema),
});
export type ClientCard = z.infer<typeof clientCardSchema>;

export const clientTradesQuerySchema = z.object({
  status: z.enum(['open', 'closed', 'pending']).default('open'),
  account_id: z.coerce.number().int().positive().optional(),
  page,
});
export const clientTradePageSchema = pagedSchema(tradeSchema);

/** One ledger entry of a client's account (staff adjustments, realised P/L, negative balance protection…). */
export const clientMoneyEntrySchema = z.object({
  id: z.number(),
  account_id: z.number(),
  account_number: z.string(),
  currency: z.string(),
  field: z.enum(['balance', 'credit']),
  amount: z.number(),
  kind: z.string(),
  reason: z.string(),
  trade_id: z.number().nullable(),
  created_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type ClientMoneyEntry = z.infer<typeof clientMoneyEntrySchema>;
export const clientMoneyPageSchema = pagedSchema(clientMoneyEntrySchema);

export const pageOnlyQuerySchema = z.object({ page });

/** Staff-only notes on a client (DESIGN §12: apart from the audit trail, editable). */
export const clientNoteInputSchema = z.object({
  body: z.string().trim().min(1, 'Write the note').max(5_000, 'A note can be at most 5,000 characters'),
});
export type ClientNoteInput = z.infer<typeof clientNoteInputSchema>;
export const clientNoteSchema = z.object({
  id: z.number(),
  body: z.string(),
  author: z.object({ id: z.number(), name: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClientNote = z.infer<typeof clientNoteSchema>;
export const clientNotePageSchema = pagedSchema(clientNoteSchema);

/** What the activity timeline merges: staff actions, the client's trades and sign-ins. */
export const ACTIVITY_SOURCES = ['audit', 'trade_open', 'trade_close', 'login'] as const;
export const clientActivitySchema = z.object({
  id: z.string(),
  source: z.enum(ACTIVITY_SOURCES),
  at: z.string(),
  /** `client.approve`, `money.adjust`, `trade.open`, `login`… */
  action: z.string(),
  /** Who did it: the staff member for audit rows, null for the client's own doing. */
  actor: z.object({ id: z.number(), name: z.string() }).nullable(),
  summary: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type ClientActivity = z.infer<typeof clientActivitySchema>;
export const clientActivityPageSchema = pagedSchema(clientActivitySchema);

export const clientPlanUpdateSchema = z.object({
  plan_id: z.number({ error: 'Choose a plan' }).int().positive('Choose a plan'),
});

const staffReason = z
  .string({ error: 'Give a reason' })
  .trim()
  .min(3, 'Give a reason of at least 3 characters')
  .max(500);

/** `POST /admin/trades/{id}/close`: staff close a client's position, always with a reason. */
export const staffCloseTradeSchema = z.object({ reason: staffReason });
export type StaffCloseTrade = z.infer<typeof staffCloseTradeSchema>;
