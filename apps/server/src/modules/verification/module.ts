import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { ApprovalsService } from '../approvals/service.ts';
import type { AuditService } from '../audit/service.ts';
import { createVerificationDecisions } from './decisions.ts';
import { manualProvider, type VerificationProvider } from './providers/provider.ts';
import { createSumsubProvider } from './providers/sumsub.ts';
import { createVerificationService } from './service.ts';

/**
 * The verification module, wired once in app.ts: the customer service (with the deposit and
 * withdrawal gates the money module calls), staff decisions, and the providers. Manual review is
 * always there; the Sumsub-style adapter joins when `SUMSUB_WEBHOOK_SECRET` is set.
 */
export function createVerificationModule(deps: {
  db: Db;
  clock: Clock;
  bus: Bus;
  audit: AuditService;
  approvals: ApprovalsService;
  dataDir: string;
  sumsubWebhookSecret?: string;
}) {
  const verification = createVerificationService(deps);
  const decisions = createVerificationDecisions({ ...deps, verification });
  const providers = new Map<string, VerificationProvider>([['manual', manualProvider]]);
  if (deps.sumsubWebhookSecret) {
    providers.set(
      'sumsub',
      createSumsubProvider({
        webhookSecret: deps.sumsubWebhookSecret,
        appToken: process.env.SUMSUB_APP_TOKEN,
        appSecret: process.env.SUMSUB_APP_SECRET,
        now: () => deps.clock.now(),
      }),
    );
  }
  return { verification, decisions, providers };
}
export type VerificationModule = ReturnType<typeof createVerificationModule>;
