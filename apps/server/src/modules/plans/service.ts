import {
  type AdminPlan,
  type AdminPlans,
  levelsInOrder,
  orderFeatureRows,
  type PlanCreate,
  type PlanFeatureCreate,
  type PlanFeatureRow,
  type PlanFeatureUpdate,
  type PlanUpdate,
  realignFeatures,
  STOP_OUT_ABOVE_MARGIN_CALL,
} from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { AppError, validationError } from '../../errors.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { Tx } from '../accounts/repo.ts';
import type { AuditActor, AuditService } from '../audit/service.ts';
import { planChange, presentAdminPlan, presentFeatureRow } from './present.ts';
import {
  customersPerPlan,
  deleteFeatureRow,
  type FeatureRow,
  insertFeatureRow,
  insertPlan,
  listFeatureRows,
  listPlans,
  lockAllPlans,
  lockPlan,
  nextPlanRank,
  otherRecommended,
  type PlanRow,
  updateFeatureRow,
  updatePlan,
} from './repo.ts';

const NO_PLAN = 'No such plan.';
const NO_FEATURE = 'No such comparison row.';

/**
 * Staff manage plans and the rows of the plan comparison (SPEC §3 Plan, plan_features; DESIGN §6
 * levels per plan). Every change is audited in its transaction; after it commits, the trading
 * reference and the risk engine reload levels and leverage (`settings.updated`) and open staff
 * screens refetch (`admin.changed` plans). Customers read the result in `GET /shared-data`.
 */
export function createPlansAdmin(deps: { db: Db; bus: Bus; audit: AuditService }) {
  const { db, audit } = deps;
  const changed = (id?: number) => {
    deps.bus.publish('settings.updated', {});
    deps.bus.publish(
      'admin.changed',
      id === undefined ? { scope: 'plans' } : { scope: 'plans', id: String(id) },
    );
  };

  /** A plan's values may not outnumber the comparison's rows. */
  async function checkFeatureCount(tx: Tx, features: readonly string[] | undefined): Promise<void> {
    if (features === undefined) return;
    const rows = await listFeatureRows(tx);
    if (features.length > rows.length) {
      throw validationError({
        features: [`The comparison has ${rows.length} rows; give at most that many values`],
      });
    }
  }

  /** Setting a plan Recommended clears the flag on the others: the label shows on one plan only. */
  async function keepOneRecommended(tx: Tx, actor: AuditActor, planId: number): Promise<void> {
    for (const other of await otherRecommended(tx, planId)) {
      await updatePlan(tx, other.id, { recommended: false });
      await audit.record(tx, actor, {
        action: 'plan.update',
        objectType: 'plan',
        objectId: other.id,
        before: { recommended: true },
        after: { recommended: false },
        reason: `Plan ${planId} is now the recommended one`,
      });
    }
  }

  /**
   * Moves every plan's values after the rows changed from `oldRows` to `newRows` (SPEC §3: values
   * are aligned with the rows by position), and says which plans' values moved.
   */
  async function realignPlans(tx: Tx, locked: PlanRow[], oldRows: FeatureRow[], newRows: FeatureRow[]) {
    const oldOrder = orderFeatureRows(oldRows).map((r) => r.id);
    const newOrder = orderFeatureRows(newRows).map((r) => r.id);
    for (const plan of locked) {
      const features = realignFeatures(plan.features, oldOrder, newOrder);
      if (JSON.stringify(features) !== JSON.stringify(plan.features)) {
        await updatePlan(tx, plan.id, { features });
      }
    }
  }

  return {
    async list(): Promise<AdminPlans> {
      const [plans, rows, customers] = await Promise.all([
        listPlans(db),
        listFeatureRows(db),
        customersPerPlan(db),
      ]);
      return {
        plans: plans.map((p) => presentAdminPlan(p, customers.get(p.id) ?? 0)),
        plan_features: rows.map(presentFeatureRow),
      };
    },

    async create(actor: AuditActor, input: PlanCreate): Promise<AdminPlan> {
      const row = await db.transaction(async (tx) => {
        await lockAllPlans(tx);
        await checkFeatureCount(tx, input.features);
        const row = await insertPlan(tx, {
          title: input.title,
          color: input.color,
          icon: input.icon,
          image: input.image,
          leverage: input.leverage,
          marginCallLevel: input.margin_call_level,
          stopOutLevel: input.stop_out_level,
          rank: input.rank ?? (await nextPlanRank(tx)),
          recommended: input.recommended,
          eas: input.eas,
          features: input.features,
        });
        if (row.recommended) await keepOneRecommended(tx, actor, row.id);
        const { customers: _none, ...after } = presentAdminPlan(row, 0);
        await audit.record(tx, actor, { action: 'plan.create', objectType: 'plan', objectId: row.id, after });
        return row;
      });
      changed(row.id);
      return presentAdminPlan(row, 0);
    },

    async update(actor: AuditActor, id: number, input: PlanUpdate): Promise<AdminPlan> {
      const { row, didChange } = await db.transaction(async (tx) => {
        if (input.recommended) await lockAllPlans(tx);
        const current = await lockPlan(tx, id);
        if (!current) throw new AppError('NOT_FOUND', NO_PLAN);
        const marginCall = input.margin_call_level ?? current.marginCallLevel;
        const stopOut = input.stop_out_level ?? current.stopOutLevel;
        if (!levelsInOrder(marginCall, stopOut)) {
          throw validationError({ stop_out_level: [STOP_OUT_ABOVE_MARGIN_CALL] });
        }
        await checkFeatureCount(tx, input.features);
        const change = planChange(current, input);
        if (Object.keys(change.after).length === 0) return { row: current, didChange: false };
        const row = await updatePlan(tx, id, change.patch);
        if (change.after.recommended === true) await keepOneRecommended(tx, actor, id);
        await audit.record(tx, actor, {
          action: 'plan.update',
          objectType: 'plan',
          objectId: id,
          before: change.before,
          after: change.after,
        });
        return { row, didChange: true };
      });
      if (didChange) changed(id);
      const customers = await customersPerPlan(db);
      return presentAdminPlan(row, customers.get(id) ?? 0);
    },

    async createFeature(actor: AuditActor, input: PlanFeatureCreate): Promise<PlanFeatureRow> {
      const row = await db.transaction(async (tx) => {
        const locked = await lockAllPlans(tx);
        const oldRows = await listFeatureRows(tx);
        const top = oldRows.reduce((m, r) => Math.max(m, r.rank), -1);
        const row = await insertFeatureRow(tx, { title: input.title, rank: input.rank ?? top + 1 });
        await realignPlans(tx, locked, oldRows, [...oldRows, row]);
        await audit.record(tx, actor, {
          action: 'plan_feature.create',
          objectType: 'plan_feature',
          objectId: row.id,
          after: presentFeatureRow(row),
        });
        return row;
      });
      changed();
      return presentFeatureRow(row);
    },

    async updateFeature(actor: AuditActor, id: number, input: PlanFeatureUpdate): Promise<PlanFeatureRow> {
      const { row, didChange } = await db.transaction(async (tx) => {
        const locked = await lockAllPlans(tx);
        const oldRows = await listFeatureRows(tx);
        const current = oldRows.find((r) => r.id === id);
        if (!current) throw new AppError('NOT_FOUND', NO_FEATURE);
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        const patch: { title?: string; rank?: number } = {};
        if (input.title !== undefined && input.title !== current.title) {
          before.title = current.title;
          after.title = patch.title = input.title;
        }
        if (input.rank !== undefined && input.rank !== current.rank) {
          before.rank = current.rank;
          after.rank = patch.rank = input.rank;
        }
        if (Object.keys(patch).length === 0) return { row: current, didChange: false };
        const row = await updateFeatureRow(tx, id, patch);
        await realignPlans(
          tx,
          locked,
          oldRows,
          oldRows.map((r) => (r.id === id ? row : r)),
        );
        await audit.record(tx, actor, {
          action: 'plan_feature.update',
          objectType: 'plan_feature',
          objectId: id,
          before,
          after,
        });
        return { row, didChange: true };
      });
      if (didChange) changed();
      return presentFeatureRow(row);
    },

    async deleteFeature(actor: AuditActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const locked = await lockAllPlans(tx);
        const oldRows = await listFeatureRows(tx);
        const current = oldRows.find((r) => r.id === id);
        if (!current) throw new AppError('NOT_FOUND', NO_FEATURE);
        // The values the row held go with it; the audit keeps them.
        const index = orderFeatureRows(oldRows).findIndex((r) => r.id === id);
        const values = Object.fromEntries(locked.map((p) => [p.id, p.features[index] ?? '']));
        await realignPlans(
          tx,
          locked,
          oldRows,
          oldRows.filter((r) => r.id !== id),
        );
        await deleteFeatureRow(tx, id);
        await audit.record(tx, actor, {
          action: 'plan_feature.delete',
          objectType: 'plan_feature',
          objectId: id,
          before: { ...presentFeatureRow(current), values },
        });
      });
      changed();
    },
  };
}
export type PlansAdmin = ReturnType<typeof createPlansAdmin>;
