import {
  type FinancialAnswers,
  financialAnswersSchema,
  type InstrumentClass,
  type KnowledgeQuestionId,
} from '@openbroker/domain';

/** What the form holds while being filled in: every choice may still be empty (''). */
export interface ProfileFormState {
  employment_status: string;
  industry: string;
  annual_income: string;
  net_worth: string;
  source_of_funds: string[];
  source_of_funds_other: string;
  experience: Record<InstrumentClass, string>;
  trading_frequency: string;
  purpose: string;
  knowledge: Record<KnowledgeQuestionId, string>;
}

export type ProfileFieldErrors = Record<string, string>;

export function emptyProfileForm(): ProfileFormState {
  return {
    employment_status: '',
    industry: '',
    annual_income: '',
    net_worth: '',
    source_of_funds: [],
    source_of_funds_other: '',
    experience: { forex_cfds: '', stocks: '', crypto: '' },
    trading_frequency: '',
    purpose: '',
    knowledge: { leverage_loss: '', margin_close: '', cfd_ownership: '', stop_loss: '' },
  };
}

/** The form seeded from answers given before (editing), else empty. */
export function profileFormFrom(answers: FinancialAnswers | null | undefined): ProfileFormState {
  return answers ? { ...answers, source_of_funds: [...answers.source_of_funds] } : emptyProfileForm();
}

/**
 * The domain's schema decides: valid answers, or one message per field keyed by its dotted path
 * (`knowledge.stop_loss`), the same keys the server's 422 uses.
 */
export function checkProfileForm(
  state: ProfileFormState,
): { ok: true; answers: FinancialAnswers } | { ok: false; errors: ProfileFieldErrors } {
  const parsed = financialAnswersSchema.safeParse(state);
  if (parsed.success) return { ok: true, answers: parsed.data };
  const errors: ProfileFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
