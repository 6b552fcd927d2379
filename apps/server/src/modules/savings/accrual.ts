import { addDays, utcDay } from '@openbroker/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { AccountsService } from '../accounts/service.ts';
import { type NotificationRow, publishNotification } from '../notifications/repo.ts';
import { AccrualRace, accrueInWork, redeemInWork } from './postings.ts';
import { lockPosition, type PositionRow, positionById, positionsDue, productById } from './repo.ts';

export interface AccrualReport {
  /** Positions whose finished days were accrued in this run. */
  accrued: number;
  /** Fixed terms that matured and were paid back. */
  matured: number;
  /** Positions another run (or a redemption) dealt with first. */
  skipped: number;
}

export interface AccrualDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
  accounts: AccountsService;
  log: FastifyBaseLogger;
}

/**
 * The daily interest job (issue 14), run every minute on the `bots` role holder: each active
 * position's finished UTC days are accrued once (compare-and-set on the last accrued day, so two
 * runs after a role takeover never pay a day twice), and each matured fixed term is paid back
 * with its interest and the customer told. Exported on its own so tests drive it with their clock.
 */
export function createSavingsAccrual(deps: AccrualDeps) {
  const { db, clock, accounts } = deps;

  async function accrue(p: PositionRow, now: Date): Promise<boolean> {
    const after = await accounts.transaction((work) => accrueInWork(work, p, now));
    return after.accruedThrough !== p.accruedThrough;
  }

  /** Pays a matured term back; false when it was already redeemed (by another run). */
  async function mature(id: number, now: Date): Promise<boolean> {
    let note: NotificationRow | undefined;
    await accounts.transaction(async (work) => {
      const found = await positionById(work.tx, id);
      if (!found) return;
      await work.lockOne(found.tradingAccountId);
      const position = await lockPosition(work.tx, id);
      if (position?.status !== 'active' || position.maturesAt === null || position.maturesAt > now) return;
      const product = await productById(work.tx, position.productId);
      if (!product) throw new Error(`savings product ${position.productId} vanished`);
      note = (await redeemInWork(work, position, product, now, 'maturity')).note;
    });
    if (note) publishNotification(deps.bus, note);
    return note !== undefined;
  }

  return {
    async run(): Promise<AccrualReport> {
      const now = clock.now();
      const today = utcDay(now);
      const due = await positionsDue(db, now, {
        start: new Date(`${today}T00:00:00Z`),
        yesterday: addDays(today, -1),
      });
      const report: AccrualReport = { accrued: 0, matured: 0, skipped: 0 };
      for (const p of due) {
        try {
          const matured = p.maturesAt !== null && p.maturesAt <= now;
          const done = matured ? await mature(p.id, now) : await accrue(p, now);
          if (!done) report.skipped++;
          else if (matured) report.matured++;
          else report.accrued++;
        } catch (e) {
          if (e instanceof AccrualRace) {
            report.skipped++;
            continue;
          }
          // One position's failure must not hold back everyone else's interest.
          deps.log.error({ err: e, positionId: p.id }, 'savings accrual failed');
        }
      }
      return report;
    },
  };
}
export type SavingsAccrual = ReturnType<typeof createSavingsAccrual>;
