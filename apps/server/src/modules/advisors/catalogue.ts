import {
  type AdminAdvisor,
  type AdvisorInput,
  type ExpertAdvisorDto,
  parseStrategyParams,
  type StopReason,
  toCents,
} from '@openbroker/domain';
import { AppError, validationError } from '../../errors.ts';
import type { DbOrTx } from '../accounts/repo.ts';
import type { AuditActor } from '../audit/service.ts';
import type { AdvisorRunsApi } from './contract.ts';
import type { AdvisorDeps } from './deps.ts';
import { presentAdminAdvisor, presentAdvisor } from './present.ts';
import {
  type AdvisorRow,
  activeCatalogue,
  advisorNamed,
  type CatalogueRow,
  findAdvisor,
  insertAdvisor,
  instrumentExists,
  isUniqueViolation,
  ownedAdvisorIds,
  ownsAdvisor,
  planEas,
  runningRunsOf,
  setAdvisorPlans,
  updateAdvisor,
  wholeCatalogue,
} from './repo.ts';

export const NOT_FOUND = 'Expert Advisor not found';
const NAME_TAKEN = 'An Expert Advisor with this name already exists.';

type Staff = AuditActor & { actorId: number };

/** The active catalogue as shared data carries it (no `purchased`: it is the same for everyone). */
export async function sharedCatalogue(db: DbOrTx): Promise<ExpertAdvisorDto[]> {
  return (await activeCatalogue(db)).map((row) => presentAdvisor(row));
}

/** What an edit changes that a stored backtest depends on: it is recomputed when any of them does. */
function backtestInputsChanged(before: AdvisorRow, after: AdvisorRow): boolean {
  return (
    before.strategy !== after.strategy ||
    before.assetId !== after.assetId ||
    JSON.stringify(before.params) !== JSON.stringify(after.params)
  );
}

/**
 * The Expert Advisor catalogue (issue 16): the marketplace's reads for customers, and the staff
 * editor (strategy and its preset parameters checked by the strategy's own schema, price, category,
 * instrument, plan availability written to plans' `eas`, withdrawal stopping running runs).
 */
export function createCatalogue(deps: AdvisorDeps & { runs: AdvisorRunsApi }) {
  const { db } = deps;

  /** The strategy parameters as stored (defaults filled), or a 422 naming each bad field (409 for a taken name). */
  async function checked(input: AdvisorInput, exceptId?: number): Promise<Record<string, unknown>> {
    const errors: Record<string, string[]> = {};
    const parsed = parseStrategyParams(input.strategy, input.params);
    let params: Record<string, unknown> = {};
    if (parsed.ok) params = parsed.params;
    else
      for (const [field, messages] of Object.entries(parsed.errors)) {
        // The strategy's own fields are named under `params.` (the form shows them there).
        errors[field === 'strategy' || field === 'params' ? field : `params.${field}`] = messages;
      }
    if (!(await instrumentExists(db, input.asset_id))) errors.asset_id = ['No such instrument'];
    const known = new Set((await planEas(db)).map((p) => p.id));
    const unknown = input.plan_ids.filter((id) => !known.has(id));
    if (unknown.length > 0) errors.plan_ids = [`No such plan: ${unknown.join(', ')}`];
    if (Object.keys(errors).length > 0) throw validationError(errors);
    if ((await advisorNamed(db, input.name, exceptId)) !== undefined)
      throw new AppError('CONFLICT', NAME_TAKEN);
    return params;
  }

  function columns(input: AdvisorInput, params: Record<string, unknown>) {
    return {
      name: input.name,
      description: input.description,
      strategy: input.strategy,
      params,
      limits: input.limits,
      assetId: input.asset_id,
      priceCents: toCents(input.price),
      category: input.category,
      author: input.author,
      features: input.features,
      image: input.image && input.image.length > 0 ? input.image : null,
      active: input.active,
      autotrader: input.autotrader,
    };
  }

  async function adminView(id: number): Promise<AdminAdvisor> {
    const [row, plans] = await Promise.all([findAdvisor(db, id), planEas(db)]);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    return presentAdminAdvisor(
      row,
      plans.filter((p) => p.eas.includes(id)).map((p) => p.id),
    );
  }

  /** Stops runs after the edit committed; a failure is logged, the edit stands. */
  async function stopRuns(runIds: readonly number[], reason: StopReason, by: Staff, note: string) {
    for (const runId of runIds) {
      try {
        await deps.runs.stopRun(runId, reason, by, note);
      } catch (e) {
        deps.log.error({ err: e, runId }, 'stopping a run after a catalogue change failed');
      }
    }
  }

  const announce = () => deps.bus.publish('admin.changed', { scope: 'plans' });

  return {
    /** The marketplace: active advisors, each marked purchased for this customer (none when signed out). */
    async list(userId: number | null): Promise<ExpertAdvisorDto[]> {
      const [rows, owned] = await Promise.all([
        activeCatalogue(db),
        userId === null ? Promise.resolve([]) : ownedAdvisorIds(db, userId),
      ]);
      const mine = new Set(owned);
      return rows.map((row) =>
        presentAdvisor(row, { purchased: userId === null ? undefined : mine.has(row.id) }),
      );
    },

    /** One advisor with its backtest's equity curve; a withdrawn one only for a customer who owns it. */
    async detail(id: number, userId: number | null): Promise<ExpertAdvisorDto> {
      const row: CatalogueRow | undefined = await findAdvisor(db, id);
      const owned = row !== undefined && userId !== null && (await ownsAdvisor(db, userId, id));
      if (!row || (!row.active && !owned)) throw new AppError('NOT_FOUND', NOT_FOUND);
      return presentAdvisor(row, { purchased: userId === null ? undefined : owned, withCurve: true });
    },

    async adminList(): Promise<AdminAdvisor[]> {
      const [rows, plans] = await Promise.all([wholeCatalogue(db), planEas(db)]);
      return rows.map((row) =>
        presentAdminAdvisor(
          row,
          plans.filter((p) => p.eas.includes(row.id)).map((p) => p.id),
        ),
      );
    },

    adminGet: adminView,

    async create(actor: Staff, input: AdvisorInput): Promise<AdminAdvisor> {
      const params = await checked(input);
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const row = await insertAdvisor(tx, columns(input, params));
          await setAdvisorPlans(tx, row.id, input.plan_ids);
          await deps.audit.record(tx, actor, {
            action: 'advisor.create',
            objectType: 'expert_advisor',
            objectId: row.id,
            after: { ...input, params },
          });
          return row.id;
        });
      } catch (e) {
        if (isUniqueViolation(e, 'expert_advisors_name_key')) throw new AppError('CONFLICT', NAME_TAKEN);
        throw e;
      }
      announce();
      return adminView(id);
    },

    /**
     * Replaces an entry. Withdrawing it (active → false) stops its running runs; taking a plan out
     * of its availability stops the runs of that plan's customers; a new strategy, instrument or
     * parameters clear the backtest so the background job reruns it.
     */
    async update(actor: Staff, id: number, input: AdvisorInput): Promise<AdminAdvisor> {
      const params = await checked(input, id);
      let withdrawn: number[] = [];
      let excluded: number[] = [];
      try {
        ({ withdrawn, excluded } = await db.transaction(async (tx) => {
          const before = await findAdvisor(tx, id);
          if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
          const plansBefore = (await planEas(tx)).filter((p) => p.eas.includes(id)).map((p) => p.id);
          const values = { ...columns(input, params), updatedAt: deps.clock.now() };
          const after = await updateAdvisor(tx, id, values);
          if (!after) throw new AppError('NOT_FOUND', NOT_FOUND);
          if (backtestInputsChanged(before, after)) await updateAdvisor(tx, id, { backtest: null });
          await setAdvisorPlans(tx, id, input.plan_ids);
          const withdrawing = before.active && !input.active;
          const removedPlans = plansBefore.filter((p) => !input.plan_ids.includes(p));
          const stopAll = withdrawing ? await runningRunsOf(tx, id) : [];
          const stopPlan = withdrawing ? [] : await runningRunsOf(tx, id, removedPlans);
          await deps.audit.record(tx, actor, {
            action: 'advisor.update',
            objectType: 'expert_advisor',
            objectId: id,
            before: {
              ...presentAdminAdvisor(before, plansBefore),
              backtest: undefined,
              created_at: undefined,
              updated_at: undefined,
            },
            after: { ...input, params, stopped_runs: [...stopAll, ...stopPlan] },
          });
          return { withdrawn: stopAll, excluded: stopPlan };
        }));
      } catch (e) {
        if (isUniqueViolation(e, 'expert_advisors_name_key')) throw new AppError('CONFLICT', NAME_TAKEN);
        throw e;
      }
      announce();
      await stopRuns(withdrawn, 'advisor_withdrawn', actor, `${input.name} was withdrawn from the catalogue`);
      await stopRuns(excluded, 'plan_excluded', actor, `${input.name} is no longer included in your plan`);
      return adminView(id);
    },
  };
}
export type Catalogue = ReturnType<typeof createCatalogue>;
