import {
  type ExperienceLevel,
  type FinancialAnswers,
  KNOWLEDGE_QUESTIONS,
  type TradingFrequency,
} from './questionnaire.ts';

export type AppropriatenessBand = 'appropriate' | 'low';

/** Each correct knowledge answer is worth two points: understanding counts more than time spent. */
const POINTS_PER_CORRECT = 2;
const CFD_EXPERIENCE: Record<ExperienceLevel, number> = { none: 0, under_1y: 1, '1_3y': 2, over_3y: 3 };
/** Stocks or crypto teach price risk but not leverage: capped below leveraged experience. */
const OTHER_EXPERIENCE: Record<ExperienceLevel, number> = { none: 0, under_1y: 1, '1_3y': 2, over_3y: 2 };
const FREQUENCY: Record<TradingFrequency, number> = { never: 0, rarely: 0, monthly: 1, weekly: 1, daily: 1 };

export const APPROPRIATENESS_MAX_SCORE =
  KNOWLEDGE_QUESTIONS.length * POINTS_PER_CORRECT + CFD_EXPERIENCE.over_3y + OTHER_EXPERIENCE.over_3y + 1;
/**
 * At or above this the product is appropriate: e.g. all knowledge right with no experience (8), or
 * one right with years of leveraged trading (2 + 3 + 2 + 1). Below it the customer sees a risk
 * warning they must acknowledge (ESMA: the broker warns; it does not have to refuse).
 */
export const APPROPRIATENESS_THRESHOLD = 8;

type ScoredAnswers = Pick<FinancialAnswers, 'experience' | 'trading_frequency' | 'knowledge'>;

/** How many knowledge questions were answered correctly. */
export function correctKnowledgeAnswers(answers: Pick<FinancialAnswers, 'knowledge'>): number {
  return KNOWLEDGE_QUESTIONS.filter((q) => answers.knowledge[q.id] === q.correct).length;
}

/** The appropriateness score of a questionnaire and whether it clears the threshold. */
export function appropriatenessScore(answers: ScoredAnswers): { score: number; band: AppropriatenessBand } {
  const score =
    correctKnowledgeAnswers(answers) * POINTS_PER_CORRECT +
    CFD_EXPERIENCE[answers.experience.forex_cfds] +
    Math.max(OTHER_EXPERIENCE[answers.experience.stocks], OTHER_EXPERIENCE[answers.experience.crypto]) +
    FREQUENCY[answers.trading_frequency];
  return { score, band: score >= APPROPRIATENESS_THRESHOLD ? 'appropriate' : 'low' };
}
