import {
  type AdvisorRunDto,
  type AutoTraderLevel,
  autoTraderLimits,
  type RunDecisionDto,
  type StopReason,
  toCents,
} from '@openbroker/domain';
import { AppError } from '../../../errors.ts';
import { type AccountRow, accountsOfUser, type Tx } from '../../accounts/repo.ts';
import type { AuditActor } from '../../audit/service.ts';
import type { UserRow } from '../../auth/sessionRepo.ts';
import { insertNotification, type NotificationRow, publishNotification } from '../../notifications/repo.ts';
import { openPositions } from '../../trading/repo.ts';
import { exposures, summarize } from '../../trading/valuation.ts';
import type { AdvisorRunsApi } from '../contract.ts';
import type { AdvisorDeps } from '../deps.ts';
import { createEquityStop, EQUITY_CHECK_MS } from './equityStop.ts';
import { presentDecision, presentRuns } from './present.ts';
import {
  autoTraderAdvisors,
  decisionsOf,
  findAdvisor,
  findRun,
  insertDecisions,
  insertRun,
  latestRunOf,
  markStopped,
  owns,
  pageOfRuns,
  planAdvisorIds,
  type RunRow,
  runningRunOf,
  runningRunsOfUser,
  runsOfUser,
  setAutoTraderFlag,
} from './repo.ts';
import { AdvisorRunner } from './runner.ts';

export const NOT_IN_PLAN = 'This Expert Advisor is not available for your plan. Please upgrade to access it.';
const SYSTEM: AuditActor = { actorId: null, actorIp: null };
/**
 * How often the runner saves the engines of runs whose bars moved without trading (a run that
 * trades saves after each order; bars of a minute or more are rebuilt from stored candles anyway).
 */
const SAVE_EVERY_MS = 60_000;
const DECISIONS_SHOWN = 200;

/** Why a run stopped, in the words of the customer's notification ("… stopped: {why}"). */
function whyOf(reason: StopReason, note: string | null): string {
  switch (reason) {
    case 'user':
      return 'you stopped it';
    case 'staff':
      return `stopped by our staff${note ? ` (${note})` : ''}`;
    case 'stop_out':
      return 'your account reached its stop-out level';
    case 'account_inactive':
      return 'your account is not active';
    case 'plan_excluded':
      return 'it is not available for your plan';
    case 'advisor_withdrawn':
      return 'it was withdrawn from the marketplace';
    case 'equity_stop':
      return `its equity stop was reached${note ? ` (${note})` : ''}`;
    case 'error':
      return note ?? 'it could not continue';
  }
}

const labelOf = (row: Pick<RunRow, 'kind' | 'name'>) =>
  row.kind === 'ea' ? `Expert Advisor ${row.name}` : row.name;

/** The equity of an account now, valued as the trading service values it, in cents. */
async function equityCentsOf(
  deps: AdvisorDeps,
  tx: Tx | AdvisorDeps['db'],
  account: AccountRow,
): Promise<bigint> {
  const positions = exposures(deps.market, account, await openPositions(tx, account.id));
  return toCents(summarize(account, positions).equity);
}

/**
 * Expert Advisor and AutoTrader runs (DESIGN §13, issue 16): starting one (checks, limits, the
 * equity it starts from), stopping it (compare-and-set, logged, the customer notified, the runner
 * told through the bus on whichever node holds `bots`), and what customers and staff read of them.
 */
export function createAdvisorRuns(deps: AdvisorDeps) {
  const { db, clock, bus } = deps;
  /** Stops decided inside someone else's transaction, announced after it commits (`started`). */
  const afterCommit = new Map<number, { row: RunRow; note: NotificationRow | null }[]>();

  /** running → stopped in `tx`: the log row, the AutoTrader flag, the customer's notification. */
  async function stopIn(
    tx: Tx,
    runId: number,
    reason: StopReason,
    by: number | null,
    note: string | null,
  ): Promise<{ row: RunRow; note: NotificationRow | null } | null> {
    const at = clock.now();
    const row = await markStopped(tx, runId, { reason, note, by, at });
    if (!row) return null;
    const why = whyOf(reason, note);
    await insertDecisions(tx, [{ runId, at, kind: 'stopped', code: reason, message: `Stopped: ${why}` }]);
    if (row.kind === 'autotrader') await setAutoTraderFlag(tx, row.userId, false);
    // The customer's own stop is confirmed by the screen they clicked on (SPEC's 'Expert Advisor
    // stopped'); a notification would say it twice. Every other stop is news to them.
    const ownStop = reason === 'user' && note === null;
    const n = ownStop
      ? null
      : await insertNotification(tx, {
          userId: row.userId,
          title: row.kind === 'ea' ? 'Expert Advisor stopped' : 'AutoTrader stopped',
          message: `${labelOf(row)} stopped: ${why}.`,
          color: reason === 'user' ? 'other' : 'warning',
        });
    return { row, note: n };
  }

  function announceStop(done: { row: RunRow; note: NotificationRow | null }): void {
    if (done.note) publishNotification(bus, done.note);
    bus.publish('advisor.run', { runId: done.row.id, status: 'stopped' });
    bus.publish('user.updated', { userId: done.row.userId });
  }

  async function stopRun(
    runId: number,
    reason: StopReason,
    by: AuditActor,
    note?: string,
    within?: (tx: Tx, row: RunRow) => Promise<void>,
  ): Promise<RunRow | null> {
    const done = await db.transaction(async (tx) => {
      const out = await stopIn(tx, runId, reason, by.actorId, note ?? null);
      if (out && within) await within(tx, out.row);
      return out;
    });
    if (done) announceStop(done);
    return done?.row ?? null;
  }

  const runner = new AdvisorRunner({
    db,
    clock,
    bus,
    market: deps.market,
    trading: deps.trading,
    log: deps.log,
    stop: async (runId, reason, note) => {
      await stopRun(runId, reason, SYSTEM, note);
    },
  });
  const equityStop = createEquityStop({
    db,
    market: deps.market,
    trading: deps.trading,
    runner,
    log: deps.log,
  });

  /** The account a run trades: the one named (the customer's own), else their first live account. */
  function accountFor(accounts: AccountRow[], accountId: number | undefined): AccountRow {
    const account =
      accountId === undefined
        ? accounts.find((a) => a.kind === 'live')
        : accounts.find((a) => a.id === accountId);
    if (!account) throw new AppError('NOT_FOUND', 'No such trading account.');
    return account;
  }

  async function dto(row: RunRow): Promise<AdvisorRunDto> {
    const [one] = await presentRuns({ db, market: deps.market, clock }, [row]);
    if (!one) throw new Error('presenting a run gave nothing');
    return one;
  }

  const api = {
    async startAdvisor(user: UserRow, advisorId: number, accountId?: number): Promise<{ runId: number }> {
      if (user.role !== 'customer' || user.status !== 'active') throw new AppError('ACCOUNT_INACTIVE');
      const advisor = await findAdvisor(db, advisorId);
      if (!advisor) throw new AppError('NOT_FOUND', 'Expert Advisor not found');
      if (!(await owns(db, user.id, advisorId))) {
        throw new AppError('FORBIDDEN', 'Purchase this Expert Advisor in the marketplace to run it.');
      }
      if (!(await planAdvisorIds(db, user.planId)).includes(advisorId)) {
        throw new AppError('FORBIDDEN', NOT_IN_PLAN);
      }
      const running = await runningRunOf(db, user.id, advisorId);
      if (running) return { runId: running.id };
      if (!advisor.active) {
        throw new AppError('CONFLICT', 'This Expert Advisor has been withdrawn and cannot be started.');
      }
      const account = accountFor(await accountsOfUser(db, user.id), accountId);
      const startEquityCents = await equityCentsOf(deps, db, account);
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const inserted = await insertRun(tx, {
          kind: 'ea',
          advisorId,
          userId: user.id,
          tradingAccountId: account.id,
          status: 'running',
          level: null,
          name: advisor.name,
          legs: [
            {
              strategy: advisor.strategy,
              assetId: advisor.assetId,
              params: advisor.params,
              advisorId,
              name: advisor.name,
            },
          ],
          limits: advisor.limits,
          startEquityCents,
          state: {},
          startedAt: now,
        });
        if (inserted) {
          await insertDecisions(tx, [
            {
              runId: inserted.id,
              at: now,
              kind: 'started',
              message: `Started on account ${account.number} with equity ${(Number(startEquityCents) / 100).toFixed(2)} ${account.currency}`,
            },
          ]);
        }
        return inserted;
      });
      // A second start that raced this one: the run that won is the answer.
      if (!row) {
        const winner = await runningRunOf(db, user.id, advisorId);
        if (!winner)
          throw new AppError('CONFLICT', 'This Expert Advisor could not be started. Please try again.');
        return { runId: winner.id };
      }
      api.started(row.id);
      return { runId: row.id };
    },

    async stopAdvisor(user: UserRow, advisorId: number): Promise<void> {
      const running = await runningRunOf(db, user.id, advisorId);
      if (running) await stopRun(running.id, 'user', { actorId: user.id, actorIp: null });
    },

    async startAutoTraderIn(tx: Tx, userId: number, level: AutoTraderLevel): Promise<{ runId: number }> {
      const advisors = await autoTraderAdvisors(tx);
      if (advisors.length === 0) {
        throw new AppError(
          'CONFLICT',
          'No Expert Advisors are set to trade for AutoTrader yet. Mark at least one in the catalogue first.',
        );
      }
      const account = accountFor(await accountsOfUser(tx, userId), undefined);
      // A new level replaces the run at the old one.
      const previous = await runningRunOf(tx, userId, null);
      const replaced = previous
        ? await stopIn(tx, previous.id, 'user', null, `replaced by AutoTrader (${level})`)
        : null;
      const now = clock.now();
      const row = await insertRun(tx, {
        kind: 'autotrader',
        advisorId: null,
        userId,
        tradingAccountId: account.id,
        status: 'running',
        level,
        name: `AutoTrader (${level})`,
        legs: advisors.map((a) => ({
          strategy: a.strategy,
          assetId: a.assetId,
          params: a.params,
          advisorId: a.id,
          name: a.name,
        })),
        limits: autoTraderLimits(level),
        startEquityCents: await equityCentsOf(deps, tx, account),
        state: {},
        startedAt: now,
      });
      if (!row) throw new AppError('CONFLICT', 'AutoTrader is already running for this customer.');
      await insertDecisions(tx, [
        {
          runId: row.id,
          at: now,
          kind: 'started',
          message: `Started at ${level} risk with ${advisors.length} strategies on account ${account.number}`,
        },
      ]);
      await setAutoTraderFlag(tx, userId, true, level);
      if (replaced) afterCommit.set(row.id, [replaced]);
      return { runId: row.id };
    },

    started(runId: number): void {
      for (const done of afterCommit.get(runId) ?? []) announceStop(done);
      afterCommit.delete(runId);
      bus.publish('advisor.run', { runId, status: 'running' });
    },

    async stopRun(runId: number, reason: StopReason, by: AuditActor, note?: string): Promise<void> {
      await stopRun(runId, reason, by, note);
    },

    async stopAllOf(userId: number, reason: StopReason, note?: string): Promise<void> {
      for (const run of await runningRunsOfUser(db, userId)) await stopRun(run.id, reason, SYSTEM, note);
    },

    attach(scheduler: AdvisorDeps['scheduler']): void {
      scheduler.attach(runner);
      scheduler.register({
        name: 'advisor-equity-stop',
        everyMs: EQUITY_CHECK_MS,
        run: () => equityStop.check(),
      });
      scheduler.register({ name: 'advisor-state-save', everyMs: SAVE_EVERY_MS, run: () => runner.saveAll() });
    },
  } satisfies AdvisorRunsApi;

  return {
    ...api,
    runner,
    equityStop,

    /** The run a customer's start or stop answers with. */
    async runOf(user: UserRow, advisorId: number): Promise<AdvisorRunDto> {
      const row = await latestRunOf(db, user.id, advisorId);
      if (!row) {
        if (!(await findAdvisor(db, advisorId))) throw new AppError('NOT_FOUND', 'Expert Advisor not found');
        throw new AppError('CONFLICT', 'This Expert Advisor is not running.');
      }
      return dto(row);
    },

    /** `GET /advisor_runs`: the customer's runs, running first, the latest 50. */
    async listOf(user: UserRow): Promise<AdvisorRunDto[]> {
      return presentRuns({ db, market: deps.market, clock }, await runsOfUser(db, user.id, 50));
    },

    /** A run's latest decisions, newest first; a customer sees only their own runs. */
    async decisions(user: UserRow | null, runId: number): Promise<RunDecisionDto[]> {
      const run = await findRun(db, runId);
      if (!run || (user !== null && run.userId !== user.id))
        throw new AppError('NOT_FOUND', 'Run not found.');
      return (await decisionsOf(db, runId, DECISIONS_SHOWN)).map(presentDecision);
    },

    /** `POST /autotrader/stop`: the customer's AutoTrader stops; the flag goes off even without a run. */
    async stopAutoTrader(user: UserRow): Promise<void> {
      const running = await runningRunOf(db, user.id, null);
      if (running) await stopRun(running.id, 'user', { actorId: user.id, actorIp: null });
      else {
        await setAutoTraderFlag(db, user.id, false);
        bus.publish('user.updated', { userId: user.id });
      }
    },

    /** Staff stop a run with a reason, audited in the same transaction. */
    async staffStop(runId: number, actor: AuditActor, reason: string): Promise<AdvisorRunDto> {
      const before = await findRun(db, runId);
      if (!before) throw new AppError('NOT_FOUND', 'Run not found.');
      const row = await stopRun(runId, 'staff', actor, reason, async (tx, stopped) => {
        await deps.audit.record(tx, actor, {
          action: 'advisor_run.stop',
          objectType: 'advisor_run',
          objectId: runId,
          before: { status: before.status },
          after: { status: stopped.status, stop_reason: 'staff' },
          reason,
        });
      });
      if (!row) throw new AppError('CONFLICT', 'This run is not running.');
      bus.publish('admin.changed', { scope: 'clients', id: String(row.userId) });
      return dto(row);
    },

    /** Staff: every client's runs, newest first. */
    async page(status: RunRow['status'] | undefined, page: number, perPage: number) {
      const { rows, total } = await pageOfRuns(db, status, page, perPage);
      const dtos = await presentRuns({ db, market: deps.market, clock }, rows);
      return {
        rows: dtos.map((d, i) => ({
          ...d,
          email: rows[i]?.email ?? '',
          user_name: rows[i]?.userName ?? '',
          account_number: rows[i]?.accountNumber ?? '',
        })),
        total,
      };
    },
  };
}
export type AdvisorRuns = ReturnType<typeof createAdvisorRuns>;
