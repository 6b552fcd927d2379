import {
  type AdvisorRunDto,
  advisorRunSchema,
  type RunDecisionDto,
  runDecisionSchema,
} from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/api/client';
import { tradingKeys } from '@/features/trading/queries';
import { useSessionStore } from '@/stores/sessionStore';

// The customer's Expert Advisor and AutoTrader runs (issue 16): what the Algo Trader tree and the
// AutoTrader dialog show, and the calls that start and stop them.

/** Keeps the valid rows of an untrusted list: one malformed run cannot blank the tree. */
function validRows<T>(schema: z.ZodType<T>, value: unknown): T[] {
  if (!Array.isArray(value)) return [];
  const rows: T[] = [];
  for (const item of value) {
    const parsed = schema.safeParse(item);
    if (parsed.success) rows.push(parsed.data);
  }
  return rows;
}

const listEnvelope = z.object({ data: z.unknown() });

/** `GET /advisor_runs`: the customer's runs, running first, latest 50. */
export async function getAdvisorRuns(): Promise<AdvisorRunDto[]> {
  const body = listEnvelope.parse((await api.get('/advisor_runs')).data);
  return validRows(advisorRunSchema, body.data);
}

/** `GET /advisor_runs/{id}/decisions`: the run's decision log, as the server orders it. */
export async function getRunDecisions(runId: number): Promise<RunDecisionDto[]> {
  const body = listEnvelope.parse((await api.get(`/advisor_runs/${runId}/decisions`)).data);
  return validRows(runDecisionSchema, body.data);
}

const runAnswer = z.object({ data: advisorRunSchema, message: z.string() });
export type RunAnswer = z.infer<typeof runAnswer>;

/** `POST /expert_advisors/{id}/start`: a run on `accountId` (the first live account when omitted). */
export async function startAdvisor(advisorId: number, accountId: number | undefined): Promise<RunAnswer> {
  const body = accountId === undefined ? {} : { account_id: accountId };
  return runAnswer.parse((await api.post(`/expert_advisors/${advisorId}/start`, body)).data);
}

/** `POST /expert_advisors/{id}/stop`. */
export async function stopAdvisor(advisorId: number): Promise<RunAnswer> {
  return runAnswer.parse((await api.post(`/expert_advisors/${advisorId}/stop`, {})).data);
}

/**
 * Under the trading key on purpose: every `trade.updated` and `user.updated` realtime event
 * already refetches `tradingKeys.all`, and a run's open positions and P/L change exactly when its
 * trades do (there is no run event of its own on the customer's channels).
 */
export const advisorRunKeys = {
  all: [...tradingKeys.all, 'advisor-runs'] as const,
  decisions: (runId: number) => ['advisor-runs', 'decisions', runId] as const,
};

/** Floating P/L today moves with prices, and a limit can stop a run: refreshed every 10 s as well. */
export const RUNS_POLL_MS = 10_000;

export function useAdvisorRuns(enabled = true) {
  const signedIn = useSessionStore((s) => s.user !== null);
  return useQuery({
    queryKey: advisorRunKeys.all,
    queryFn: getAdvisorRuns,
    enabled: enabled && signedIn,
    refetchInterval: RUNS_POLL_MS,
  });
}

export function useRunDecisions(runId: number | null) {
  return useQuery({
    queryKey: advisorRunKeys.decisions(runId ?? 0),
    queryFn: () => getRunDecisions(runId ?? 0),
    enabled: runId !== null,
  });
}

/** The run the tree shows for an advisor: its running one, else its latest (the list is ordered so). */
export function runOfAdvisor(runs: readonly AdvisorRunDto[], advisorId: number): AdvisorRunDto | undefined {
  const mine = runs.filter((r) => r.kind === 'ea' && r.expert_advisor_id === advisorId);
  return mine.find((r) => r.status === 'running') ?? mine[0];
}

/** The customer's AutoTrader run: the running one, else the latest. */
export function autoTraderRun(runs: readonly AdvisorRunDto[]): AdvisorRunDto | undefined {
  const mine = runs.filter((r) => r.kind === 'autotrader');
  return mine.find((r) => r.status === 'running') ?? mine[0];
}

/** The selected trading account's id: an Expert Advisor started from the terminal trades it. */
function selectedAccountId(): number | undefined {
  const { user, selectedAccountIndex } = useSessionStore.getState();
  return user?.accounts[selectedAccountIndex]?.id;
}

/** Starts or stops an advisor's run; the runs are refetched once the server has answered. */
export function useToggleAdvisor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ advisorId, run }: { advisorId: number; run: boolean }) =>
      run ? startAdvisor(advisorId, selectedAccountId()) : stopAdvisor(advisorId),
    onSettled: () => client.invalidateQueries({ queryKey: advisorRunKeys.all }),
  });
}
