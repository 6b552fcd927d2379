import { z } from 'zod';

/**
 * The appropriateness questionnaire a regulated CFD broker asks before trading (ESMA-style): who
 * the customer is financially, where the money comes from, what they have traded and whether they
 * understand leverage. The option lists are codes; the labels are what the customer reads.
 */
export const EMPLOYMENT_STATUSES = ['employed', 'self_employed', 'unemployed', 'retired', 'student'] as const;
export const INDUSTRIES = [
  'finance',
  'technology',
  'healthcare',
  'education',
  'retail',
  'manufacturing',
  'public_sector',
  'other',
] as const;
export const INCOME_BANDS = ['under_25k', '25k_50k', '50k_100k', '100k_250k', 'over_250k'] as const;
export const NET_WORTH_BANDS = ['under_10k', '10k_50k', '50k_250k', '250k_1m', 'over_1m'] as const;
export const FUND_SOURCES = ['salary', 'savings', 'investments', 'business', 'inheritance', 'other'] as const;
export const EXPERIENCE_LEVELS = ['none', 'under_1y', '1_3y', 'over_3y'] as const;
export const INSTRUMENT_CLASSES = ['forex_cfds', 'stocks', 'crypto'] as const;
export const TRADING_FREQUENCIES = ['never', 'rarely', 'monthly', 'weekly', 'daily'] as const;
export const TRADING_PURPOSES = ['speculation', 'hedging', 'investment', 'income', 'learning'] as const;

export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];
export type InstrumentClass = (typeof INSTRUMENT_CLASSES)[number];
export type TradingFrequency = (typeof TRADING_FREQUENCIES)[number];

export const PROFILE_LABELS = {
  employment_status: {
    employed: 'Employed',
    self_employed: 'Self-employed',
    unemployed: 'Unemployed',
    retired: 'Retired',
    student: 'Student',
  },
  industry: {
    finance: 'Finance and banking',
    technology: 'Technology',
    healthcare: 'Healthcare',
    education: 'Education',
    retail: 'Retail and hospitality',
    manufacturing: 'Manufacturing and construction',
    public_sector: 'Public sector',
    other: 'Other',
  },
  annual_income: {
    under_25k: 'Under $25,000',
    '25k_50k': '$25,000 – $50,000',
    '50k_100k': '$50,000 – $100,000',
    '100k_250k': '$100,000 – $250,000',
    over_250k: 'Over $250,000',
  },
  net_worth: {
    under_10k: 'Under $10,000',
    '10k_50k': '$10,000 – $50,000',
    '50k_250k': '$50,000 – $250,000',
    '250k_1m': '$250,000 – $1,000,000',
    over_1m: 'Over $1,000,000',
  },
  source_of_funds: {
    salary: 'Salary',
    savings: 'Savings',
    investments: 'Investments',
    business: 'Business income',
    inheritance: 'Inheritance',
    other: 'Other',
  },
  experience: {
    none: 'None',
    under_1y: 'Less than 1 year',
    '1_3y': '1 to 3 years',
    over_3y: 'More than 3 years',
  },
  instrument: { forex_cfds: 'Forex and CFDs', stocks: 'Stocks', crypto: 'Crypto' },
  trading_frequency: {
    never: 'I have not traded',
    rarely: 'A few times a year',
    monthly: 'Monthly',
    weekly: 'Weekly',
    daily: 'Daily',
  },
  purpose: {
    speculation: 'Speculating on price moves',
    hedging: 'Hedging other investments',
    investment: 'Long-term investment',
    income: 'Additional income',
    learning: 'Learning to trade',
  },
} as const;

/** One multiple-choice knowledge question with exactly one correct option. */
export interface KnowledgeQuestion {
  id: string;
  prompt: string;
  options: readonly { id: string; label: string }[];
  correct: string;
}

export const KNOWLEDGE_QUESTIONS = [
  {
    id: 'leverage_loss',
    prompt:
      'You open a position of $10,000 with leverage 1:30 (margin $333). What happens to your loss if the price moves 1% against you?',
    options: [
      { id: 'a', label: 'I lose $3.33, 1% of my margin' },
      { id: 'b', label: 'I lose $100, 1% of the full position, about 30% of my margin' },
      { id: 'c', label: 'Nothing, leverage only increases profits' },
    ],
    correct: 'b',
  },
  {
    id: 'margin_close',
    prompt: 'What can happen when your margin level falls to the stop-out level?',
    options: [
      { id: 'a', label: 'My positions can be closed automatically at a loss' },
      { id: 'b', label: 'The broker adds money to my account' },
      { id: 'c', label: 'My positions are paused until prices recover' },
    ],
    correct: 'a',
  },
  {
    id: 'cfd_ownership',
    prompt: 'When you buy a CFD on a share, what do you own?',
    options: [
      { id: 'a', label: 'The share itself, registered in my name' },
      { id: 'b', label: 'A contract on the price difference; not the share' },
      { id: 'c', label: 'A bond issued by the company' },
    ],
    correct: 'b',
  },
  {
    id: 'stop_loss',
    prompt: 'Is a stop-loss order guaranteed to close your position at exactly its price?',
    options: [
      { id: 'a', label: 'Yes, always' },
      { id: 'b', label: 'No, in fast or gapping markets it can fill at a worse price' },
      { id: 'c', label: 'Only on weekends' },
    ],
    correct: 'b',
  },
] as const satisfies readonly KnowledgeQuestion[];

export type KnowledgeQuestionId = (typeof KNOWLEDGE_QUESTIONS)[number]['id'];

const REQUIRED = 'Please choose an answer.';
const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: REQUIRED });
const knowledgeAnswer = z.enum(['a', 'b', 'c'], { error: REQUIRED });

/** The answers the customer gives (`PUT /profile/financial` body without the acknowledgement). */
export const financialAnswersObject = z.object({
  employment_status: choice(EMPLOYMENT_STATUSES),
  industry: choice(INDUSTRIES),
  annual_income: choice(INCOME_BANDS),
  net_worth: choice(NET_WORTH_BANDS),
  source_of_funds: z.array(z.enum(FUND_SOURCES)).min(1, 'Choose at least one source of funds.').max(6),
  source_of_funds_other: z.string().trim().max(200, 'Please keep this under 200 characters.').default(''),
  experience: z.object({
    forex_cfds: choice(EXPERIENCE_LEVELS),
    stocks: choice(EXPERIENCE_LEVELS),
    crypto: choice(EXPERIENCE_LEVELS),
  }),
  trading_frequency: choice(TRADING_FREQUENCIES),
  purpose: choice(TRADING_PURPOSES),
  knowledge: z.object({
    leverage_loss: knowledgeAnswer,
    margin_close: knowledgeAnswer,
    cfd_ownership: knowledgeAnswer,
    stop_loss: knowledgeAnswer,
  }),
});

/** "Other" as a source of funds needs its words. */
function otherSourceNamed(
  v: { source_of_funds: string[]; source_of_funds_other: string },
  ctx: z.RefinementCtx,
) {
  if (v.source_of_funds.includes('other') && v.source_of_funds_other === '') {
    ctx.addIssue({
      code: 'custom',
      path: ['source_of_funds_other'],
      message: 'Please tell us where the funds come from.',
    });
  }
}

export const financialAnswersSchema = financialAnswersObject.superRefine(otherSourceNamed);
export type FinancialAnswers = z.output<typeof financialAnswersSchema>;

export const RISK_ACK_REQUIRED = 'Please confirm that you have read and understood the risk warning.';

/** `PUT /profile/financial`: the answers, and for a low score the customer's acknowledgement. */
export const financialProfileInputSchema = financialAnswersObject
  .extend({ risk_acknowledged: z.boolean().default(false) })
  .superRefine(otherSourceNamed);
export type FinancialProfileInput = z.output<typeof financialProfileInputSchema>;
