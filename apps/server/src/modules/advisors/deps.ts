import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler } from '../../bots/scheduler.ts';
import type { Db } from '../../db/client.ts';
import type { MarketData } from '../../feed/MarketData.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { ApprovalsService } from '../approvals/service.ts';
import type { AuditService } from '../audit/service.ts';
import type { TradingReference } from '../plans/reference.ts';
import type { TradingService } from '../trading/service.ts';

/** What the Expert Advisor modules (catalogue, purchase, AutoTrader, runs) are built from. */
export interface AdvisorDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
  market: MarketData;
  accounts: AccountsService;
  approvals: ApprovalsService;
  audit: AuditService;
  /** Every order and close of a run goes through it (DESIGN §13). */
  trading: TradingService;
  reference: TradingReference;
  /** Runs execute on the `bots` role holder. */
  scheduler: Scheduler;
  log: FastifyBaseLogger;
}
