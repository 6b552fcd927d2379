import {
  correctKnowledgeAnswers,
  type FinancialProfile,
  financialProfileSchema,
  INSTRUMENT_CLASSES,
  KNOWLEDGE_QUESTIONS,
} from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { api } from '@/api/client';
import { formatWhen } from './format';
import { clientKeys } from './queries';

function useClientFinancialProfile(id: number) {
  return useQuery({
    queryKey: clientKeys.tab(id, 'financial-profile'),
    queryFn: async () =>
      z
        .object({ data: financialProfileSchema.nullable() })
        .parse((await api.get(`/admin/clients/${id}/financial-profile`)).data).data,
  });
}

function rowsOf(p: FinancialProfile, t: TFunction<['adminClients', 'auth']>): [string, string][] {
  const a = p.answers;
  // The questionnaire's answers read as the customer saw them (the registration step's catalogue).
  const label = 'auth:profile.labels' as const;
  const sources = a.source_of_funds.map((s) => t(`${label}.source_of_funds.${s}`)).join(', ');
  return [
    [
      t('financialProfile.appropriateness'),
      t('financialProfile.band', {
        band: p.band === 'low' ? t('financialProfile.low') : t('financialProfile.appropriate'),
        score: p.score,
      }),
    ],
    [
      t('financialProfile.riskAcknowledged'),
      p.risk_acknowledged_at ? formatWhen(p.risk_acknowledged_at) : '—',
    ],
    [t('financialProfile.employment'), t(`${label}.employment_status.${a.employment_status}`)],
    [t('financialProfile.industry'), t(`${label}.industry.${a.industry}`)],
    [t('financialProfile.annualIncome'), t(`${label}.annual_income.${a.annual_income}`)],
    [t('financialProfile.netWorth'), t(`${label}.net_worth.${a.net_worth}`)],
    [
      t('financialProfile.sourceOfFunds'),
      a.source_of_funds_other ? `${sources}: ${a.source_of_funds_other}` : sources,
    ],
    ...INSTRUMENT_CLASSES.map((c): [string, string] => [
      t('financialProfile.experienceIn', { instrument: t(`${label}.instrument.${c}`) }),
      t(`${label}.experience.${a.experience[c]}`),
    ]),
    [t('financialProfile.tradingFrequency'), t(`${label}.trading_frequency.${a.trading_frequency}`)],
    [t('financialProfile.purpose'), t(`${label}.purpose.${a.purpose}`)],
    [
      t('financialProfile.knowledge'),
      t('financialProfile.knowledgeValue', {
        correct: correctKnowledgeAnswers(a),
        total: KNOWLEDGE_QUESTIONS.length,
      }),
    ],
    [t('financialProfile.completed'), formatWhen(p.completed_at)],
  ];
}

/** Read-only: the client's appropriateness questionnaire (registration step 2), for staff with clients.read. */
export function FinancialProfileSection({ clientId }: { clientId: number }) {
  const { t } = useTranslation(['adminClients', 'auth']);
  const titleId = useId();
  const query = useClientFinancialProfile(clientId);
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2" data-testid="client-financial-profile">
      <h2 id={titleId} className="text-sm font-semibold">
        {t('financialProfile.title')}
      </h2>
      {query.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('shared.loading')}
        </p>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('financialProfile.loadFailed')}
        </p>
      ) : query.data === null ? (
        <p className="text-sm text-muted-foreground">{t('financialProfile.notAnswered')}</p>
      ) : (
        <dl className="grid grid-cols-1 gap-x-8 gap-y-3 rounded-lg border p-4 text-sm sm:grid-cols-2">
          {rowsOf(query.data, t).map(([k, v]) => (
            <div key={k} className="flex flex-col gap-0.5">
              <dt className="text-muted-foreground text-xs">{k}</dt>
              <dd className="break-words">{v}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
