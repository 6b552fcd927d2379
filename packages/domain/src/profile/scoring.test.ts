import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EXPERIENCE_LEVELS,
  type FinancialAnswers,
  financialAnswersSchema,
  financialProfileInputSchema,
  KNOWLEDGE_QUESTIONS,
  TRADING_FREQUENCIES,
} from './questionnaire.ts';
import {
  APPROPRIATENESS_MAX_SCORE,
  APPROPRIATENESS_THRESHOLD,
  appropriatenessScore,
  correctKnowledgeAnswers,
} from './scoring.ts';

const ALL_RIGHT = { leverage_loss: 'b', margin_close: 'a', cfd_ownership: 'b', stop_loss: 'b' } as const;
const ALL_WRONG = { leverage_loss: 'c', margin_close: 'c', cfd_ownership: 'c', stop_loss: 'c' } as const;

const BASE: FinancialAnswers = {
  employment_status: 'employed',
  industry: 'technology',
  annual_income: '50k_100k',
  net_worth: '10k_50k',
  source_of_funds: ['salary'],
  source_of_funds_other: '',
  experience: { forex_cfds: 'none', stocks: 'none', crypto: 'none' },
  trading_frequency: 'never',
  purpose: 'speculation',
  knowledge: ALL_RIGHT,
};

describe('appropriatenessScore', () => {
  it('all knowledge right without experience is appropriate', () => {
    expect(appropriatenessScore(BASE)).toEqual({ score: 8, band: 'appropriate' });
  });

  it('no knowledge and no experience is low', () => {
    expect(appropriatenessScore({ ...BASE, knowledge: ALL_WRONG })).toEqual({ score: 0, band: 'low' });
  });

  it('years of leveraged trading with one right answer clears the threshold', () => {
    const answers: FinancialAnswers = {
      ...BASE,
      knowledge: { ...ALL_WRONG, leverage_loss: 'b' },
      experience: { forex_cfds: 'over_3y', stocks: '1_3y', crypto: 'none' },
      trading_frequency: 'weekly',
    };
    expect(appropriatenessScore(answers)).toEqual({ score: 8, band: 'appropriate' });
  });

  it('one point short is low', () => {
    const answers: FinancialAnswers = {
      ...BASE,
      knowledge: { ...ALL_RIGHT, stop_loss: 'a' },
      experience: { forex_cfds: 'none', stocks: 'under_1y', crypto: 'none' },
    };
    expect(appropriatenessScore(answers)).toEqual({ score: 7, band: 'low' });
  });

  it('counts correct answers against the question list', () => {
    expect(correctKnowledgeAnswers(BASE)).toBe(KNOWLEDGE_QUESTIONS.length);
    expect(correctKnowledgeAnswers({ knowledge: ALL_WRONG })).toBe(0);
  });

  it('is bounded, and the band follows the threshold (property)', () => {
    const level = fc.constantFrom(...EXPERIENCE_LEVELS);
    const abc = fc.constantFrom('a', 'b', 'c' as const);
    fc.assert(
      fc.property(
        fc.record({ forex_cfds: level, stocks: level, crypto: level }),
        fc.constantFrom(...TRADING_FREQUENCIES),
        fc.record({ leverage_loss: abc, margin_close: abc, cfd_ownership: abc, stop_loss: abc }),
        (experience, trading_frequency, knowledge) => {
          const { score, band } = appropriatenessScore({ experience, trading_frequency, knowledge });
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(APPROPRIATENESS_MAX_SCORE);
          expect(band).toBe(score >= APPROPRIATENESS_THRESHOLD ? 'appropriate' : 'low');
        },
      ),
    );
  });

  it('more experience never lowers the score (property)', () => {
    const idx = fc.integer({ min: 0, max: EXPERIENCE_LEVELS.length - 2 });
    fc.assert(
      fc.property(idx, (i) => {
        const less = EXPERIENCE_LEVELS[i] ?? 'none';
        const more = EXPERIENCE_LEVELS[i + 1] ?? 'none';
        const at = (l: typeof less) =>
          appropriatenessScore({ ...BASE, experience: { forex_cfds: l, stocks: l, crypto: l } }).score;
        expect(at(more)).toBeGreaterThanOrEqual(at(less));
      }),
    );
  });
});

describe('financialAnswersSchema', () => {
  it('accepts a complete questionnaire', () => {
    expect(financialAnswersSchema.safeParse(BASE).success).toBe(true);
  });

  it('names missing answers', () => {
    const result = financialAnswersSchema.safeParse({
      ...BASE,
      employment_status: undefined,
      source_of_funds: [],
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['employment_status', 'source_of_funds']));
  });

  it('"other" as a source of funds needs words', () => {
    const result = financialAnswersSchema.safeParse({ ...BASE, source_of_funds: ['other'] });
    expect(result.error?.issues[0]?.path).toEqual(['source_of_funds_other']);
    expect(
      financialAnswersSchema.safeParse({
        ...BASE,
        source_of_funds: ['other'],
        source_of_funds_other: 'Pension',
      }).success,
    ).toBe(true);
  });

  it('the input defaults the acknowledgement to false', () => {
    expect(financialProfileInputSchema.parse(BASE).risk_acknowledged).toBe(false);
  });
});
