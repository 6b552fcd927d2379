import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler } from '../bots/scheduler.ts';
import type { Db } from '../db/client.ts';
import type { MarketData } from '../feed/MarketData.ts';
import type { Clock } from '../lib/clock.ts';
import type { Bus } from '../realtime/bus.ts';
import type { AccountsService } from './accounts/service.ts';
import type { ApprovalsService } from './approvals/service.ts';
import type { AuditService } from './audit/service.ts';
import type { ProviderRegistry } from './payments/providers/types.ts';
import type { SettingsService } from './settings/service.ts';
import type { VerificationService } from './verification/service.ts';

/** What the money modules (payments, withdrawals, savings, statements) are built from. */
export interface MoneyDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
  accounts: AccountsService;
  approvals: ApprovalsService;
  audit: AuditService;
  market: MarketData;
  settings: SettingsService;
  /** The deposit and withdrawal gates (levels, limits). */
  verification: VerificationService;
  /** Jobs (confirmations polling, expiries, interest accrual) run on the `bots` role holder. */
  scheduler: Scheduler;
  /** Payment providers by name, built by the payments module from the environment. */
  providers: ProviderRegistry;
  dataDir: string;
  publicUrl: string;
  env: NodeJS.ProcessEnv;
  log: FastifyBaseLogger;
}
