import {
  appropriatenessScore,
  type FinancialProfile,
  type FinancialProfileInput,
  type FinancialProfileStatus,
  type OnboardingSettings,
  RISK_ACK_REQUIRED,
} from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { AppError, validationError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { AuditActor } from '../audit/service.ts';
import type { VerificationService } from '../verification/service.ts';
import { presentFinancialProfile } from './present.ts';
import { customerExists, readFinancialProfile, upsertFinancialProfile } from './repo.ts';

/** What this module needs of verification: its settings hold "approval waits for verification". */
export type VerificationSettingsPort = Pick<VerificationService, 'readSettings' | 'updateSettings'>;

/**
 * Registration step 2 (the appropriateness questionnaire) and the onboarding setting staff control.
 * The score is always computed here from the answers; the client's own preview is never trusted.
 * "Approval waits for verification" has one home, the verification settings (which also let a
 * pending customer upload and make approval wait for level 1); this module reads and sets it there.
 */
export function createProfileService(deps: {
  db: Db;
  clock: Clock;
  bus: Bus;
  verification: VerificationSettingsPort;
}) {
  const { db, clock } = deps;
  const approvalRequiresVerification = async () =>
    (await deps.verification.readSettings()).approval_requires_verification;
  return {
    async status(userId: number): Promise<FinancialProfileStatus> {
      const [row, waits] = await Promise.all([
        readFinancialProfile(db, userId),
        approvalRequiresVerification(),
      ]);
      return {
        profile: row ? presentFinancialProfile(row) : null,
        completed: row !== null,
        approval_requires_verification: waits,
      };
    },

    async save(userId: number, input: FinancialProfileInput): Promise<FinancialProfileStatus> {
      const { risk_acknowledged, ...answers } = input;
      const { score, band } = appropriatenessScore(answers);
      // A low score may go ahead only once the customer has read the warning (ESMA appropriateness).
      if (band === 'low' && !risk_acknowledged)
        throw validationError({ risk_acknowledged: [RISK_ACK_REQUIRED] });
      const now = clock.now();
      await upsertFinancialProfile(db, userId, {
        answers,
        score,
        band,
        riskAcknowledgedAt: band === 'low' ? now : null,
        completedAt: now,
        updatedAt: now,
      });
      deps.bus.publish('admin.changed', { scope: 'clients' });
      return this.status(userId);
    },

    /** Staff read (clients.read): null when the customer has not answered yet. */
    async forStaff(customerId: number): Promise<FinancialProfile | null> {
      if (!(await customerExists(db, customerId))) throw new AppError('NOT_FOUND', 'No such client.');
      const row = await readFinancialProfile(db, customerId);
      return row ? presentFinancialProfile(row) : null;
    },

    async settings(): Promise<OnboardingSettings> {
      return { approval_requires_verification: await approvalRequiresVerification() };
    },

    /** Changes only this flag of the verification settings (audited there, before and after). */
    async updateSettings(actor: AuditActor, patch: OnboardingSettings): Promise<OnboardingSettings> {
      const current = await deps.verification.readSettings();
      if (current.approval_requires_verification === patch.approval_requires_verification) {
        return { approval_requires_verification: current.approval_requires_verification };
      }
      const after = await deps.verification.updateSettings(actor, { ...current, ...patch });
      return { approval_requires_verification: after.approval_requires_verification };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
