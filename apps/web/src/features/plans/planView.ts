import { planColorCss } from '@openbroker/domain';
import type { Plan, PlanFeature } from '@/api/sharedData';

/** SPEC §9: a user without a plan is on 'Basic'; 'Pro' is the one labelled Recommended. */
// Plan titles are the server's data (matched against it), not UI text.
export const DEFAULT_PLAN_TITLE = 'Basic'; // i18n-ignore
export const RECOMMENDED_PLAN_TITLE = 'Pro'; // i18n-ignore
/** SPEC §8 wording; the dialog shows the catalogue's `plans.empty`, which is this in English. */
export const NO_PLANS_MESSAGE = 'No plans available. Please try again later.';

/**
 * Which plan carries the Recommended label: the one the server flags, else 'Pro' (SPEC §9), so the
 * label shows on exactly one plan when staff have flagged none.
 */
export function isRecommended(plan: Plan, plans: readonly Plan[]): boolean {
  if (plans.some((p) => p.recommended)) return plan.recommended;
  return plan.title.trim().toLowerCase() === RECOMMENDED_PLAN_TITLE.toLowerCase();
}

/** A plan's value for each feature row, aligned by position (SPEC §3), '—' where it has none. */
export function alignFeatures(plan: Plan, rows: readonly PlanFeature[]): string[] {
  return rows.map((_, i) => {
    const value = plan.features[i]?.trim();
    return value ? value : '—';
  });
}

export function isCurrentPlan(plan: Plan, currentTitle: string): boolean {
  return plan.title.trim().toLowerCase() === currentTitle.trim().toLowerCase();
}

/**
 * Only colours CSS can take as they are (#hex, rgb(), hsl()) or the named colours staff pick from
 * (the domain's PLAN_COLOR_TOKENS); anything else gets the theme's.
 */
export function safeColor(color: string | null | undefined): string | undefined {
  if (!color) return undefined;
  const named = planColorCss(color);
  if (named) return named;
  const c = color.trim();
  return /^#[0-9a-f]{3,8}$/i.test(c) || /^(rgb|hsl)a?\([\d\s.,%/-]+\)$/i.test(c) ? c : undefined;
}
