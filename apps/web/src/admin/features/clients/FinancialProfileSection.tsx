import {
  correctKnowledgeAnswers,
  type FinancialProfile,
  financialProfileSchema,
  INSTRUMENT_CLASSES,
  KNOWLEDGE_QUESTIONS,
  PROFILE_LABELS,
} from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
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

function rowsOf(p: FinancialProfile): [string, string][] {
  const a = p.answers;
  const sources = a.source_of_funds.map((s) => PROFILE_LABELS.source_of_funds[s]).join(', ');
  return [
    ['Appropriateness', `${p.band === 'low' ? 'Low' : 'Appropriate'} (score ${p.score})`],
    ['Risk warning acknowledged', p.risk_acknowledged_at ? formatWhen(p.risk_acknowledged_at) : '—'],
    ['Employment', PROFILE_LABELS.employment_status[a.employment_status]],
    ['Industry', PROFILE_LABELS.industry[a.industry]],
    ['Annual income', PROFILE_LABELS.annual_income[a.annual_income]],
    ['Net worth', PROFILE_LABELS.net_worth[a.net_worth]],
    ['Source of funds', a.source_of_funds_other ? `${sources}: ${a.source_of_funds_other}` : sources],
    ...INSTRUMENT_CLASSES.map((c): [string, string] => [
      `Experience: ${PROFILE_LABELS.instrument[c]}`,
      PROFILE_LABELS.experience[a.experience[c]],
    ]),
    ['Trading frequency', PROFILE_LABELS.trading_frequency[a.trading_frequency]],
    ['Purpose', PROFILE_LABELS.purpose[a.purpose]],
    ['Knowledge', `${correctKnowledgeAnswers(a)} of ${KNOWLEDGE_QUESTIONS.length} correct`],
    ['Completed', formatWhen(p.completed_at)],
  ];
}

/** Read-only: the client's appropriateness questionnaire (registration step 2), for staff with clients.read. */
export function FinancialProfileSection({ clientId }: { clientId: number }) {
  const query = useClientFinancialProfile(clientId);
  return (
    <section
      aria-labelledby="financial-profile-title"
      className="flex flex-col gap-2"
      data-testid="client-financial-profile"
    >
      <h3 id="financial-profile-title" className="text-sm font-semibold">
        Financial profile
      </h3>
      {query.isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : query.isError ? (
        <p className="text-sm text-destructive">The financial profile could not be loaded.</p>
      ) : query.data === null ? (
        <p className="text-sm text-muted-foreground">Not answered yet.</p>
      ) : (
        <dl className="grid grid-cols-1 gap-x-8 gap-y-3 rounded-lg border p-4 text-sm sm:grid-cols-2">
          {rowsOf(query.data).map(([k, v]) => (
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
