import { z } from 'zod';
import { imageRefSchema, LEVERAGE_MAX } from './settings.ts';

/**
 * Icons a plan may show (lucide names the web maps to components). A fixed list, so a plan can never
 * name something the client cannot draw.
 */
export const PLAN_ICONS = [
  'shield',
  'rocket',
  'crown',
  'gem',
  'star',
  'trophy',
  'zap',
  'award',
  'medal',
  'flame',
  'target',
  'sparkles',
  'briefcase',
  'badge-check',
] as const;
export type PlanIconName = (typeof PLAN_ICONS)[number];

/** Named colours a plan may use instead of a hex value, with the hex the clients draw them in. */
export const PLAN_COLOR_TOKENS = {
  slate: '#64748b',
  gray: '#6b7280',
  blue: '#2563eb',
  sky: '#0284c7',
  green: '#16a34a',
  teal: '#0d9488',
  amber: '#d97706',
  gold: '#d4a017',
  red: '#dc2626',
  pink: '#db2777',
  purple: '#7c3aed',
} as const;
export type PlanColorToken = keyof typeof PLAN_COLOR_TOKENS;

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The CSS colour of a plan's `color` (a #hex or a token), or undefined for anything else. */
export function planColorCss(color: string | null | undefined): string | undefined {
  const c = color?.trim().toLowerCase();
  if (!c) return undefined;
  if (HEX_COLOR.test(c)) return c;
  return Object.hasOwn(PLAN_COLOR_TOKENS, c) ? PLAN_COLOR_TOKENS[c as PlanColorToken] : undefined;
}

const planColor = z
  .string()
  .trim()
  .toLowerCase()
  .refine((c) => planColorCss(c) !== undefined, 'Use a #hex colour (e.g. #2563eb) or a named colour');

const level = z
  .number({ error: 'Level must be a number' })
  .min(1, 'Level must be at least 1%')
  .max(1_000, 'Level must be at most 1000%');

export const STOP_OUT_ABOVE_MARGIN_CALL = 'The stop-out level must be below the margin call level';

/** Longest value of one comparison cell, and the most rows a comparison may have. */
export const PLAN_FEATURE_VALUE_MAX = 120;
export const PLAN_FEATURES_MAX = 50;

const planFields = {
  title: z.string().trim().min(1, 'Enter a title').max(40, 'At most 40 characters'),
  color: planColor,
  icon: z.enum(PLAN_ICONS, { error: 'Pick one of the listed icons' }).nullable(),
  /** An uploaded image (or http(s) address) shown instead of the icon. */
  image: imageRefSchema.nullable(),
  leverage: z
    .number({ error: 'Leverage must be a number' })
    .int('Leverage must be a whole number')
    .min(1, 'Leverage must be at least 1')
    .max(LEVERAGE_MAX, `Leverage must be at most ${LEVERAGE_MAX}`),
  margin_call_level: level,
  stop_out_level: level,
  rank: z.number().int('Order must be a whole number').min(0).max(1_000),
  recommended: z.boolean(),
  /**
   * Expert Advisors the plan includes, by id. The advisors arrive with the marketplace, so only the
   * shape is checked here: distinct positive whole numbers.
   */
  eas: z
    .array(z.number().int('Advisor ids are whole numbers').positive('Advisor ids are positive'))
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, 'Each advisor at most once'),
  /** One value per plan_features row, in the rows' order (SPEC §3; the first row is a monetary amount). */
  features: z.array(z.string().trim().max(PLAN_FEATURE_VALUE_MAX)).max(PLAN_FEATURES_MAX),
};

/** Whether a stop-out/margin-call pair is usable: customers must be warned before they are closed out. */
export function levelsInOrder(marginCall: number, stopOut: number): boolean {
  return stopOut < marginCall;
}

/** A new plan: title, colour and leverage are required; the rest take sensible defaults. */
export const planCreateSchema = z
  .object({
    title: planFields.title,
    color: planFields.color,
    leverage: planFields.leverage,
    icon: planFields.icon.default('shield'),
    image: planFields.image.default(null),
    margin_call_level: planFields.margin_call_level.default(100),
    stop_out_level: planFields.stop_out_level.default(50),
    rank: planFields.rank.optional(),
    recommended: planFields.recommended.default(false),
    eas: planFields.eas.default([]),
    features: planFields.features.default([]),
  })
  .strict()
  .refine((p) => levelsInOrder(p.margin_call_level, p.stop_out_level), {
    message: STOP_OUT_ABOVE_MARGIN_CALL,
    path: ['stop_out_level'],
  });
export type PlanCreate = z.infer<typeof planCreateSchema>;

/**
 * Staff change a plan (DESIGN §6: margin call and stop-out are configurable per plan). The
 * stop-out must sit below the margin call, or customers would be closed out before they were ever
 * warned; the server checks the pair against the stored values too.
 */
export const planUpdateSchema = z
  .object(planFields)
  .partial()
  .strict()
  .refine((p) => Object.values(p).some((v) => v !== undefined), 'Nothing to change');
export type PlanUpdate = z.infer<typeof planUpdateSchema>;

/** A plan as staff manage it (`GET /admin/plans`). */
export const adminPlanSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  color: z.string(),
  icon: z.string().nullable(),
  image: z.string().nullable(),
  leverage: z.number(),
  margin_call_level: z.number(),
  stop_out_level: z.number(),
  rank: z.number().int(),
  recommended: z.boolean(),
  eas: z.array(z.number().int()),
  features: z.array(z.string()),
  /** Customers on this plan. */
  customers: z.number().int(),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;

/** A row of the plan comparison (SPEC §3 plan_features) with its position. */
export const planFeatureRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  rank: z.number().int(),
});
export type PlanFeatureRow = z.infer<typeof planFeatureRowSchema>;

export const adminPlansResponseSchema = z.object({
  data: z.object({ plans: z.array(adminPlanSchema), plan_features: z.array(planFeatureRowSchema) }),
});
export type AdminPlans = z.infer<typeof adminPlansResponseSchema>['data'];

const featureTitle = z.string().trim().min(1, 'Enter a title').max(80, 'At most 80 characters');
const featureRank = z.number().int('Order must be a whole number').min(0).max(1_000);

/** A new comparison row; every plan gets an empty value in it until staff fill it in. */
export const planFeatureCreateSchema = z
  .object({ title: featureTitle, rank: featureRank.optional() })
  .strict();
export type PlanFeatureCreate = z.infer<typeof planFeatureCreateSchema>;

export const planFeatureUpdateSchema = z
  .object({ title: featureTitle, rank: featureRank })
  .partial()
  .strict()
  .refine((p) => p.title !== undefined || p.rank !== undefined, 'Nothing to change');
export type PlanFeatureUpdate = z.infer<typeof planFeatureUpdateSchema>;

/**
 * Plans hold their comparison values by position (SPEC §3), so when rows are added, removed or
 * reordered every plan's values move with them: the value of row `id` follows the row from the old
 * order to the new; a new row gets ''.
 */
export function realignFeatures(
  values: readonly string[],
  oldOrder: readonly number[],
  newOrder: readonly number[],
): string[] {
  const byRow = new Map<number, string>();
  oldOrder.forEach((id, i) => {
    byRow.set(id, values[i] ?? '');
  });
  return newOrder.map((id) => byRow.get(id) ?? '');
}

/** Feature rows in comparison order: by rank, then by id (the order `GET /shared-data` sends). */
export function orderFeatureRows<T extends { id: number; rank: number }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => a.rank - b.rank || a.id - b.id);
}
