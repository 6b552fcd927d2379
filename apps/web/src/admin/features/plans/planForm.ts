import {
  type AdminPlan,
  levelsInOrder,
  PLAN_COLOR_TOKENS,
  type PlanUpdate,
  planCreateSchema,
  planUpdateSchema,
  STOP_OUT_ABOVE_MARGIN_CALL,
} from '@openbroker/domain';
import { i18n } from '@/i18n/i18n';

/** The plan dialog's inputs as typed (numbers as text until sent). */
export interface PlanFormValues {
  title: string;
  color: string;
  icon: string;
  image: string;
  leverage: string;
  margin_call_level: string;
  stop_out_level: string;
  rank: string;
  recommended: boolean;
  /** Advisor ids, comma or space separated. */
  eas: string;
}

export const NEW_PLAN: PlanFormValues = {
  title: '',
  color: 'blue',
  icon: 'shield',
  image: '',
  leverage: '100',
  margin_call_level: '100',
  stop_out_level: '50',
  rank: '',
  recommended: false,
  eas: '',
};

export function planFormValues(p: AdminPlan): PlanFormValues {
  return {
    title: p.title,
    color: p.color,
    icon: p.icon ?? '',
    image: p.image ?? '',
    leverage: String(p.leverage),
    margin_call_level: String(p.margin_call_level),
    stop_out_level: String(p.stop_out_level),
    rank: String(p.rank),
    recommended: p.recommended,
    eas: p.eas.join(', '),
  };
}

export const isColorToken = (c: string): boolean => Object.hasOwn(PLAN_COLOR_TOKENS, c.trim().toLowerCase());

const num = (t: string): number => (t.trim() === '' ? Number.NaN : Number(t.trim()));
/** "3, 7 9" → [3, 7, 9]; anything that is not a number stays NaN so the schema names it. */
const ids = (t: string): number[] =>
  t
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((x) => (/^\d+$/.test(x) ? Number(x) : Number.NaN));

/** Every field as the API takes it. */
function bodyOf(v: PlanFormValues): Required<Omit<PlanUpdate, 'features'>> {
  return {
    title: v.title.trim(),
    color: v.color.trim(),
    icon: (v.icon || null) as PlanUpdate['icon'] & string,
    image: v.image.trim() || null,
    leverage: num(v.leverage),
    margin_call_level: num(v.margin_call_level),
    stop_out_level: num(v.stop_out_level),
    rank: num(v.rank),
    recommended: v.recommended,
    eas: ids(v.eas),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What to send: for a new plan every field (an empty order means "last"), for an edit only the
 * fields that differ from the plan. `errors` are the domain's, keyed by field, for display.
 */
export function planRequest(
  values: PlanFormValues,
  plan: AdminPlan | null,
): { body: Record<string, unknown>; errors: Record<string, string> } {
  const full = bodyOf(values);
  let body: Record<string, unknown>;
  let parsed: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  if (plan === null) {
    const { rank, ...rest } = full;
    body = values.rank.trim() === '' ? rest : { ...rest, rank };
    parsed = planCreateSchema.safeParse(body);
  } else {
    const before = bodyOf(planFormValues(plan));
    body = Object.fromEntries(
      Object.entries(full).filter(([k, v]) => !same(v, before[k as keyof typeof before])),
    );
    parsed = Object.keys(body).length === 0 ? { success: true } : planUpdateSchema.safeParse(body);
  }
  const errors: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  // The pair is checked whole, whichever of the two was edited.
  if (
    !errors.margin_call_level &&
    !errors.stop_out_level &&
    !levelsInOrder(full.margin_call_level, full.stop_out_level)
  ) {
    // The domain's words (SPEC), in the reader's language.
    errors.stop_out_level = i18n.t('admin:plans.dialog.stopOutAboveMarginCall', {
      defaultValue: STOP_OUT_ABOVE_MARGIN_CALL,
    });
  }
  return { body, errors };
}
