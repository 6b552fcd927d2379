import {
  appropriatenessScore,
  type FinancialAnswers,
  FUND_SOURCES,
  INSTRUMENT_CLASSES,
  KNOWLEDGE_QUESTIONS,
  type PROFILE_LABELS,
} from '@openbroker/domain';
import { ArrowRight } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { SubmitButton } from '@/components/SubmitButton';
import { Alert } from '@/components/ui/Alert';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { localizeMessage } from '@/lib/validationMessage';
import { ChoiceSelect } from './ChoiceSelect';
import { useSaveFinancialProfile } from './profileApi';
import {
  checkProfileForm,
  type ProfileFieldErrors,
  type ProfileFormState,
  profileFormFrom,
} from './profileForm';
import { RiskWarning } from './RiskWarning';

interface FinancialProfileFormProps {
  initial: FinancialAnswers | null;
  onSaved: () => void;
}

/**
 * Registration step 2: the appropriateness questionnaire. The domain scores the answers here for the
 * warning (the server scores them again and decides); a low score must be acknowledged first.
 */
export function FinancialProfileForm({ initial, onSaved }: FinancialProfileFormProps) {
  const [state, setState] = useState<ProfileFormState>(() => profileFormFrom(initial));
  const [errors, setErrors] = useState<ProfileFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  /** Set when the last submit scored low: the warning is shown for exactly these answers. */
  const [lowScore, setLowScore] = useState<{ answers: FinancialAnswers; score: number } | null>(null);
  const save = useSaveFinancialProfile();
  const { t } = useTranslation('auth');
  // The questionnaire's wording in the reader's language: the same codes as the domain's lists.
  const labels = t('profile.labels', { returnObjects: true }) as typeof PROFILE_LABELS;
  const knowledge = t('profile.knowledge', { returnObjects: true }) as Record<
    (typeof KNOWLEDGE_QUESTIONS)[number]['id'],
    { prompt: string; options: Record<string, string> }
  >;

  const change = (patch: Partial<ProfileFormState>, field: string) => {
    setState((s) => ({ ...s, ...patch }));
    setErrors(({ [field]: _, ...rest }) => rest);
    // Changed answers may score differently: the warning is shown again on the next submit.
    setLowScore(null);
  };

  const send = (answers: FinancialAnswers, acknowledged: boolean) => {
    setFailure(null);
    save.mutate(
      { ...answers, risk_acknowledged: acknowledged },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const fields = apiFieldErrors(error);
          setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])));
          setFailure(apiErrorMessage(error, t('profile.saveFailed')));
        },
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkProfileForm(state);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFailure(t('profile.answerAll'));
      const first = Object.keys(checked.errors)[0];
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    setErrors({});
    const { score, band } = appropriatenessScore(checked.answers);
    if (band === 'low') {
      setFailure(null);
      setLowScore({ answers: checked.answers, score });
      return;
    }
    send(checked.answers, false);
  };

  return (
    <form data-testid="financial-profile-form" noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <Section title={t('profile.sections.about')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceSelect
            id={fieldId('employment_status')}
            label={t('profile.fields.employment_status')}
            value={state.employment_status}
            options={labels.employment_status}
            error={errors.employment_status}
            onChange={(v) => change({ employment_status: v }, 'employment_status')}
          />
          <ChoiceSelect
            id={fieldId('industry')}
            label={t('profile.fields.industry')}
            value={state.industry}
            options={labels.industry}
            error={errors.industry}
            onChange={(v) => change({ industry: v }, 'industry')}
          />
          <ChoiceSelect
            id={fieldId('annual_income')}
            label={t('profile.fields.annual_income')}
            value={state.annual_income}
            options={labels.annual_income}
            error={errors.annual_income}
            onChange={(v) => change({ annual_income: v }, 'annual_income')}
          />
          <ChoiceSelect
            id={fieldId('net_worth')}
            label={t('profile.fields.net_worth')}
            value={state.net_worth}
            options={labels.net_worth}
            error={errors.net_worth}
            onChange={(v) => change({ net_worth: v }, 'net_worth')}
          />
        </div>
      </Section>

      <Section title={t('profile.sections.funds')} description={t('profile.sections.fundsHint')}>
        <fieldset
          id={fieldId('source_of_funds')}
          tabIndex={-1}
          aria-describedby={errors.source_of_funds ? `${fieldId('source_of_funds')}-error` : undefined}
          className="grid grid-cols-2 gap-2 sm:grid-cols-3"
        >
          <legend className="sr-only">{t('profile.sections.funds')}</legend>
          {FUND_SOURCES.map((source) => {
            const id = `profile-source-${source}`;
            const checked = state.source_of_funds.includes(source);
            return (
              <label
                key={source}
                htmlFor={id}
                className="flex cursor-pointer items-center gap-2 rounded-md border bg-muted/30 px-3 py-2 text-sm has-[:checked]:border-primary/60 has-[:checked]:bg-primary/10"
              >
                <input
                  id={id}
                  type="checkbox"
                  checked={checked}
                  onChange={(e) =>
                    change(
                      {
                        source_of_funds: e.target.checked
                          ? [...state.source_of_funds, source]
                          : state.source_of_funds.filter((s) => s !== source),
                      },
                      'source_of_funds',
                    )
                  }
                  className="size-4 accent-primary"
                />
                {labels.source_of_funds[source]}
              </label>
            );
          })}
        </fieldset>
        <FieldError id={fieldId('source_of_funds')} error={errors.source_of_funds} />
        {state.source_of_funds.includes('other') ? (
          <div className="flex flex-col gap-2">
            <Label htmlFor={fieldId('source_of_funds_other')}>{t('profile.sections.fundsOther')}</Label>
            <Input
              id={fieldId('source_of_funds_other')}
              value={state.source_of_funds_other}
              maxLength={200}
              onChange={(e) => change({ source_of_funds_other: e.target.value }, 'source_of_funds_other')}
              aria-invalid={errors.source_of_funds_other ? true : undefined}
              aria-describedby={
                errors.source_of_funds_other ? `${fieldId('source_of_funds_other')}-error` : undefined
              }
            />
            <FieldError id={fieldId('source_of_funds_other')} error={errors.source_of_funds_other} />
          </div>
        ) : null}
      </Section>

      <Section title={t('profile.sections.experience')}>
        <div className="grid gap-4 sm:grid-cols-3">
          {INSTRUMENT_CLASSES.map((klass) => (
            <ChoiceSelect
              key={klass}
              id={fieldId(`experience.${klass}`)}
              label={labels.instrument[klass]}
              value={state.experience[klass]}
              options={labels.experience}
              error={errors[`experience.${klass}`]}
              onChange={(v) =>
                change({ experience: { ...state.experience, [klass]: v } }, `experience.${klass}`)
              }
            />
          ))}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceSelect
            id={fieldId('trading_frequency')}
            label={t('profile.fields.trading_frequency')}
            value={state.trading_frequency}
            options={labels.trading_frequency}
            error={errors.trading_frequency}
            onChange={(v) => change({ trading_frequency: v }, 'trading_frequency')}
          />
          <ChoiceSelect
            id={fieldId('purpose')}
            label={t('profile.fields.purpose')}
            value={state.purpose}
            options={labels.purpose}
            error={errors.purpose}
            onChange={(v) => change({ purpose: v }, 'purpose')}
          />
        </div>
      </Section>

      <Section title={t('profile.sections.knowledge')} description={t('profile.sections.knowledgeHint')}>
        {KNOWLEDGE_QUESTIONS.map((question, index) => {
          const key = `knowledge.${question.id}`;
          const error = errors[key];
          return (
            <fieldset
              key={question.id}
              id={fieldId(key)}
              tabIndex={-1}
              aria-describedby={error ? `${fieldId(key)}-error` : undefined}
              className="flex flex-col gap-2 outline-none"
            >
              <legend className="mb-2 text-sm font-medium leading-snug">
                {index + 1}. {knowledge[question.id]?.prompt ?? question.prompt}
              </legend>
              {question.options.map((option) => {
                const id = `profile-${question.id}-${option.id}`;
                return (
                  <label
                    key={option.id}
                    htmlFor={id}
                    className="flex cursor-pointer items-start gap-2 rounded-md border bg-muted/30 px-3 py-2 text-sm has-[:checked]:border-primary/60 has-[:checked]:bg-primary/10"
                  >
                    <input
                      id={id}
                      type="radio"
                      name={`knowledge-${question.id}`}
                      value={option.id}
                      checked={state.knowledge[question.id] === option.id}
                      onChange={() =>
                        change({ knowledge: { ...state.knowledge, [question.id]: option.id } }, key)
                      }
                      className="mt-0.5 size-4 shrink-0 accent-primary"
                    />
                    {knowledge[question.id]?.options[option.id] ?? option.label}
                  </label>
                );
              })}
              <FieldError id={fieldId(key)} error={error} />
            </fieldset>
          );
        })}
      </Section>

      {failure ? (
        <Alert variant="destructive" description={failure} onClose={() => setFailure(null)} />
      ) : null}

      {lowScore ? (
        <RiskWarning
          score={lowScore.score}
          pending={save.isPending}
          onAcknowledge={() => send(lowScore.answers, true)}
        />
      ) : (
        <SubmitButton
          data-testid="profile-submit"
          pending={save.isPending}
          pendingText={t('profile.saving')}
          spinnerLabel={t('profile.savingLabel')}
        >
          {t('profile.continue')}
          <ArrowRight className="rtl:-scale-x-100" aria-hidden="true" />
        </SubmitButton>
      )}
    </form>
  );
}

function fieldId(path: string): string {
  return `profile-${path.replace('.', '-')}`;
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
      {localizeMessage(error)}
    </p>
  ) : null;
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 border-b pb-2">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{title}</h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
