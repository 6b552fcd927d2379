import { DEFAULT_LIMITS, type RiskLimits } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { Scheduler } from '../../../bots/scheduler.ts';
import type { Db } from '../../../db/client.ts';
import { plans, trades, users } from '../../../db/schema.ts';
import { advisorDecisions, advisorPurchases, advisorRuns, expertAdvisors } from '../../../db/schemaBots.ts';
import type { Clock } from '../../../lib/clock.ts';
import { createAccountsService } from '../../accounts/service.ts';
import { createApprovalsService } from '../../approvals/service.ts';
import { createAuditService } from '../../audit/service.ts';
import { createTradingReference } from '../../plans/reference.ts';
import { createSettingsService } from '../../settings/service.ts';
import { AdvisorRunner } from './runner.ts';
import { type AdvisorRuns, createAdvisorRuns } from './service.ts';

/** Test helpers for advisor runs (not app code). */

/** The app's runner, as the `bots` scheduler holds it. */
export function runnerOf(app: FastifyInstance): AdvisorRunner {
  const work = app.scheduler.attached('advisor-runner');
  if (!(work instanceof AdvisorRunner)) throw new Error('the app has no advisor runner');
  return work;
}

/**
 * The runs service over an app's database and bus, as another node's API would have it: its own
 * runner is never attached, so what it starts is executed by the app's runner (through the bus).
 */
export function runsBeside(app: FastifyInstance, db: Db, clock: Clock): AdvisorRuns {
  const { bus } = app;
  const log = pino({ level: 'silent' });
  const settings = createSettingsService({ db, clock, bus });
  const reference = createTradingReference({ db, bus, settings });
  const accounts = createAccountsService({ db, bus, levels: reference.levels });
  const audit = createAuditService({ db, clock });
  return createAdvisorRuns({
    db,
    clock,
    bus,
    market: app.market,
    accounts,
    approvals: createApprovalsService({ db, clock, bus, accounts, audit }),
    audit,
    trading: app.trading,
    reference,
    scheduler: new Scheduler(log),
    log,
  });
}

let advisors = 0;

/** A catalogue advisor, straight into the table. */
export async function addAdvisor(
  db: Db,
  o: {
    strategy: string;
    params: Record<string, unknown>;
    assetId: number;
    limits?: Partial<RiskLimits>;
    name?: string;
    autotrader?: boolean;
    active?: boolean;
  },
): Promise<number> {
  const [row] = await db
    .insert(expertAdvisors)
    .values({
      name: o.name ?? `Test advisor ${++advisors}`,
      description: 'An advisor for tests.',
      strategy: o.strategy,
      params: o.params,
      limits: { ...DEFAULT_LIMITS, ...o.limits },
      assetId: o.assetId,
      priceCents: 0n,
      category: 'Test',
      author: 'Tests',
      autotrader: o.autotrader ?? false,
      active: o.active ?? true,
    })
    .returning();
  if (!row) throw new Error('advisor insert returned nothing');
  return row.id;
}

/** The customer owns these advisors and their plan includes them (their own plan, made here). */
export async function grant(db: Db, userId: number, advisorIds: number[]): Promise<void> {
  const [plan] = await db
    .insert(plans)
    .values({ title: `Plan of ${userId}`, color: '#123456', leverage: 100, eas: advisorIds })
    .returning();
  if (!plan) throw new Error('plan insert returned nothing');
  await db.update(users).set({ planId: plan.id }).where(eq(users.id, userId));
  for (const advisorId of advisorIds) {
    await db
      .insert(advisorPurchases)
      .values({ userId, advisorId, amountCents: 0n, currency: 'USD', priceCents: 0n })
      .onConflictDoNothing();
  }
}

export async function decisionsOfRun(db: Db, runId: number) {
  return db
    .select()
    .from(advisorDecisions)
    .where(eq(advisorDecisions.runId, runId))
    .orderBy(advisorDecisions.id);
}

export async function runRow(db: Db, runId: number) {
  const [row] = await db.select().from(advisorRuns).where(eq(advisorRuns.id, runId));
  if (!row) throw new Error(`no run ${runId}`);
  return row;
}

export async function tradesOfRun(db: Db, runId: number) {
  return db.select().from(trades).where(eq(trades.advisorRunId, runId)).orderBy(trades.id);
}
