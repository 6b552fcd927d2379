import { type FinancialProfile, financialAnswersObject } from '@openbroker/domain';
import type { FinancialProfileRow } from './repo.ts';

export function presentFinancialProfile(row: FinancialProfileRow): FinancialProfile {
  return {
    // Stored as validated; parsed again so the response type is the domain's, not `unknown`.
    answers: financialAnswersObject.parse(row.answers),
    score: row.score,
    band: row.band,
    risk_acknowledged_at: row.riskAcknowledgedAt?.toISOString() ?? null,
    completed_at: row.completedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
