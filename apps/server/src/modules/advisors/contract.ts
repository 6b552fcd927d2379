import type { AutoTraderLevel, StopReason } from '@openbroker/domain';
import type { Scheduler } from '../../bots/scheduler.ts';
import type { Tx } from '../accounts/repo.ts';
import type { AuditActor } from '../audit/service.ts';
import type { UserRow } from '../auth/sessionRepo.ts';

/**
 * What the catalogue, purchase and AutoTrader side (catalogue.ts, purchase.ts, autotrader.ts) asks
 * of the runs side (runs/): starting and stopping real runs. Implemented by `createAdvisorRuns`.
 */
export interface AdvisorRunsApi {
  /** The customer starts one of their advisors on one of their accounts (POST …/start). */
  startAdvisor(user: UserRow, advisorId: number, accountId?: number): Promise<{ runId: number }>;
  /** Stops a customer's own advisor run (POST …/stop); a no-op answer when it is not running. */
  stopAdvisor(user: UserRow, advisorId: number): Promise<void>;
  /**
   * Starts AutoTrader for a customer at a level, inside the approval's transaction (staff approved
   * it); the runner picks the run up after commit.
   */
  startAutoTraderIn(tx: Tx, userId: number, level: AutoTraderLevel): Promise<{ runId: number }>;
  /** After the transaction of startAutoTraderIn commits. */
  started(runId: number): void;
  /** Stops a run (customer, staff or the runner itself), audited by the caller for staff. */
  stopRun(
    runId: number,
    reason: StopReason,
    by: AuditActor & { actorId: number | null },
    note?: string,
  ): Promise<void>;
  /** Stops every run of a customer (deactivation, plan change). */
  stopAllOf(userId: number, reason: StopReason, note?: string): Promise<void>;
  /** Registers the runner on the `bots` role's scheduler (it resumes running runs when the role starts). */
  attach(scheduler: Scheduler): void;
}
