import type { AdminPlan, PlanFeatureRow, PlanUpdate } from '@openbroker/domain';
import type { FeatureRow, PlanPatch, PlanRow } from './repo.ts';

/** A plan as staff manage it; `customers` is how many customers are on it. */
export function presentAdminPlan(row: PlanRow, customers: number): AdminPlan {
  return {
    id: row.id,
    title: row.title,
    color: row.color,
    icon: row.icon,
    image: row.image,
    leverage: row.leverage,
    margin_call_level: row.marginCallLevel,
    stop_out_level: row.stopOutLevel,
    rank: row.rank,
    recommended: row.recommended,
    eas: row.eas,
    features: row.features,
    customers,
  };
}

export function presentFeatureRow(row: FeatureRow): PlanFeatureRow {
  return { id: row.id, title: row.title, rank: row.rank };
}

type Field = keyof PlanUpdate;
const COLUMN: Readonly<Record<Field, keyof PlanPatch>> = {
  title: 'title',
  color: 'color',
  icon: 'icon',
  image: 'image',
  leverage: 'leverage',
  margin_call_level: 'marginCallLevel',
  stop_out_level: 'stopOutLevel',
  rank: 'rank',
  recommended: 'recommended',
  eas: 'eas',
  features: 'features',
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The stored patch of a staff change and the before/after of the fields it really changes. */
export function planChange(
  row: PlanRow,
  update: PlanUpdate,
): { patch: PlanPatch; before: Partial<AdminPlan>; after: Partial<AdminPlan> } {
  const current = presentAdminPlan(row, 0);
  const patch: Record<string, unknown> = {};
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const field of Object.keys(update) as Field[]) {
    const next = update[field];
    if (next === undefined || same(current[field], next)) continue;
    before[field] = current[field];
    after[field] = next;
    patch[COLUMN[field]] = next;
  }
  return {
    patch: patch as PlanPatch,
    before: before as Partial<AdminPlan>,
    after: after as Partial<AdminPlan>,
  };
}
