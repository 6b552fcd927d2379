import { z } from 'zod';
import { sessionProblems, type WeeklySessions } from '../hours/sessions.ts';
import { ASSET_TYPES } from '../hours/tradingHours.ts';
import { pagedSchema } from './trading.ts';

/** The widest spread staff may set: 5 % of the rate each side (the database allows up to 10 %). */
export const MAX_SPREAD = 0.05;
export const MAX_INSTRUMENT_LEVERAGE = 1_000;

const spread = z
  .number({ error: 'Spread must be a number' })
  .min(0, 'Spread cannot be negative')
  .lt(MAX_SPREAD, 'Spread must be below 0.05 (5% of the rate)');

const leverage = z
  .number({ error: 'Leverage must be a number' })
  .int('Leverage must be a whole number')
  .min(1, `Leverage must be between 1 and ${MAX_INSTRUMENT_LEVERAGE}`)
  .max(MAX_INSTRUMENT_LEVERAGE, `Leverage must be between 1 and ${MAX_INSTRUMENT_LEVERAGE}`)
  .nullable();

const contractSize = z
  .number({ error: 'Contract size must be a number' })
  .positive('Contract size must be greater than 0')
  .max(1e9, 'Contract size is too large');

const displayDigits = z
  .number({ error: 'Display digits must be a number' })
  .int('Display digits must be a whole number')
  .min(0, 'Display digits must be between 0 and 8')
  .max(8, 'Display digits must be between 0 and 8')
  .nullable();

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const hhmm = z.string({ error: 'Times must be HH:MM' });
const interval = z.tuple([hhmm, hhmm], { error: 'Each session is a [from, to] pair of HH:MM times' });
const day = z.array(interval, { error: 'A day is a list of sessions' }).max(12, 'At most 12 sessions a day');

const weekShape = { sun: day, mon: day, tue: day, wed: day, thu: day, fri: day, sat: day };

/**
 * A week of trading sessions (sessions.ts): HH:MM within 00:00–24:00, each starting before it
 * ends, none overlapping another of its day. Errors point at the interval (`sessions.mon.1`).
 */
export const weeklySessionsSchema = z
  .object(weekShape)
  .strict()
  .superRefine((week, ctx) => {
    for (const p of sessionProblems(week))
      ctx.addIssue({ code: 'custom', path: [p.day, p.index], message: p.message });
  }) satisfies z.ZodType<WeeklySessions>;

/** Whether a zone is one the runtime's time-zone database knows (`Europe/Berlin`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Staff's changes to an instrument: any subset of the editable fields (issue 13, Instruments). */
export const instrumentUpdateSchema = z
  .object({
    enabled: z.boolean({ error: 'Enabled must be true or false' }).optional(),
    name: text('Name', 120).optional(),
    symbol_display: text('Display symbol', 40).optional(),
    buy_spread: spread.optional(),
    sell_spread: spread.optional(),
    leverage: leverage.optional(),
    contract_size: contractSize.optional(),
    display_digits: displayDigits.optional(),
    sessions: weeklySessionsSchema.nullable().optional(),
  })
  .strict()
  .refine((u) => Object.values(u).some((v) => v !== undefined), 'Nothing to change');
export type InstrumentUpdate = z.infer<typeof instrumentUpdateSchema>;

/** A new instrument; it is priced by the feed from its reference price at once. */
export const instrumentCreateSchema = z
  .object({
    symbol: z
      .string({ error: 'Symbol is required' })
      .trim()
      .regex(/^[A-Z0-9][A-Z0-9._-]{0,19}$/, 'Symbol: 1–20 capital letters, digits, dot, dash or underscore'),
    name: text('Name', 120),
    symbol_display: text('Display symbol', 40).optional(),
    category: text('Category', 60).optional(),
    type: z.enum(ASSET_TYPES, { error: `Type must be one of ${ASSET_TYPES.join(', ')}` }),
    base_currency: z
      .string({ error: 'Base currency is required' })
      .trim()
      .regex(/^[A-Z0-9]{2,12}$/, 'Base currency: 2–12 capital letters or digits'),
    quote_currency: z
      .string({ error: 'Quote currency is required' })
      .trim()
      .regex(/^[A-Z]{3}$/, 'Quote currency: a three-letter code such as USD'),
    reference_price: z
      .number({ error: 'Reference price must be a number' })
      .positive('Reference price must be greater than 0')
      .max(1e9, 'Reference price is too large'),
    buy_spread: spread,
    sell_spread: spread,
    contract_size: contractSize,
    leverage: leverage.default(null),
    display_digits: displayDigits.default(null),
    exchange_zone: z
      .string({ error: 'Exchange zone is required' })
      .trim()
      .refine(isTimeZone, 'Exchange zone must be a time zone such as UTC or Europe/Berlin'),
    sessions: weeklySessionsSchema.nullable().default(null),
    enabled: z.boolean().default(true),
  })
  .strict();
export type InstrumentCreate = z.infer<typeof instrumentCreateSchema>;
export type InstrumentCreateInput = z.input<typeof instrumentCreateSchema>;

export const INSTRUMENT_SORTS = ['symbol', 'type', 'spread', 'updated_at'] as const;
const sortValues = INSTRUMENT_SORTS.flatMap((s) => [s, `-${s}`] as const);

/** The back-office list's search, filters, paging and sort (`sort=-spread`). */
export const instrumentQuerySchema = z.object({
  search: z.string().trim().max(60).optional(),
  type: z.enum(ASSET_TYPES).optional(),
  enabled: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
  sort: z.enum(sortValues).default('symbol'),
});
export type InstrumentQuery = z.infer<typeof instrumentQuerySchema>;

/** One instrument as staff see it: every stored field plus the live quote and whether it trades now. */
export const adminInstrumentSchema = z.object({
  id: z.number(),
  symbol: z.string(),
  symbol_display: z.string(),
  sy: z.string(),
  name: z.string(),
  type: z.enum(ASSET_TYPES),
  category: z.string(),
  base_currency: z.string(),
  quote_currency: z.string(),
  reference_price: z.number(),
  buy_spread: z.number(),
  sell_spread: z.number(),
  leverage: z.number().nullable(),
  contract_size: z.number(),
  decimals: z.number(),
  display_digits: z.number().nullable(),
  exchange_zone: z.string(),
  sessions: z.object(weekShape).nullable(),
  /** The type's default hours in words (what null sessions mean). */
  default_hours: z.string(),
  enabled: z.boolean(),
  rate: z.number().nullable(),
  bid: z.number().nullable(),
  ask: z.number().nullable(),
  is_open: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminInstrument = z.infer<typeof adminInstrumentSchema>;
export const adminInstrumentPageSchema = pagedSchema(adminInstrumentSchema);
export const adminInstrumentResponseSchema = z.object({ data: adminInstrumentSchema });
