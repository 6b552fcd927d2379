import type { AdminAdvisor } from '@openbroker/domain';
import {
  type AdvisorInput,
  adminAdvisorSchema,
  backtestSummarySchema,
  PARAM_TYPES,
  type ParamField,
  pagedSchema,
  type RUN_STATUSES,
  runDecisionSchema,
  type StrategyInfo,
  staffRunSchema,
} from '@openbroker/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/api/client';

export type { AdminAdvisor, StaffRun as AdminRun } from '@openbroker/domain';

/**
 * The staff side of Expert Advisors (issue 16): the catalogue, the strategies it is built from,
 * backtests, every client's runs and each advisor's performance. Keyed under ['admin', 'advisors']
 * so a reconnection's refetch covers them.
 */
export const advisorKeys = {
  all: ['admin', 'advisors'] as const,
  catalogue: ['admin', 'advisors', 'catalogue'] as const,
  strategies: ['admin', 'advisors', 'strategies'] as const,
  performance: ['admin', 'advisors', 'performance'] as const,
  runs: (filter: RunFilter) => ['admin', 'advisors', 'runs', filter] as const,
  decisions: (runId: number) => ['admin', 'advisors', 'decisions', runId] as const,
};

/** GET /admin/strategies: `listStrategies()`'s answer (the domain's StrategyInfo), checked. */
const paramFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(PARAM_TYPES),
  min: z.number().nullable(),
  max: z.number().nullable(),
  options: z.array(z.string()).nullable(),
  default: z.unknown(),
});
const strategyInfoSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  risks: z.string(),
  defaults: z.record(z.string(), z.unknown()),
  fields: z.array(paramFieldSchema),
});
const toStrategyInfo = (s: z.infer<typeof strategyInfoSchema>): StrategyInfo => ({
  ...s,
  fields: s.fields.map((f): ParamField => ({ ...f, default: f.default })),
});

/** What Add and Edit send (advisorInputSchema, the AutoTrader flag included). */
export type AdminAdvisorBody = AdvisorInput;

/** One advisor's figures across every client (the server's advisorPerformanceSchema, in part). */
export const performanceRowSchema = z.object({
  expert_advisor_id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  /** Runs trading it now: its own runs, and AutoTrader runs that include it. */
  runs_running: z.number().int(),
  runs_total: z.number().int(),
  /** Closed trades on live accounts. */
  trades: z.number().int(),
  /** 0..1, null without a closed trade. */
  win_rate: z.number().nullable(),
  /** Realised P/L of live accounts in USD, converted at the live rate now. */
  pnl_usd: z.number(),
  /** Currencies with no live rate to USD now, left out of `pnl_usd`. */
  unconverted: z.array(z.string()),
  demo_trades: z.number().int(),
  demo_pnl_usd: z.number(),
});
export type PerformanceRow = z.infer<typeof performanceRowSchema>;

const list = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
const one = <T extends z.ZodType>(item: T) => z.object({ data: item });

export function useAdminAdvisors() {
  return useQuery({
    queryKey: advisorKeys.catalogue,
    queryFn: async () => list(adminAdvisorSchema).parse((await api.get('/admin/expert_advisors')).data).data,
  });
}

export function useStrategies(enabled = true) {
  return useQuery({
    queryKey: advisorKeys.strategies,
    queryFn: async () =>
      list(strategyInfoSchema)
        .parse((await api.get('/admin/strategies')).data)
        .data.map(toStrategyInfo),
    // Strategies are code: they change only with a deployment.
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

/** Adds an advisor (`id` null) or replaces one. */
export function useSaveAdvisor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: number | null; body: AdminAdvisorBody }): Promise<AdminAdvisor> => {
      const res =
        input.id === null
          ? await api.post('/admin/expert_advisors', input.body)
          : await api.put(`/admin/expert_advisors/${input.id}`, input.body);
      return one(adminAdvisorSchema).parse(res.data).data;
    },
    // The plans' `eas` lists follow the advisor's plans.
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: advisorKeys.catalogue }),
        qc.invalidateQueries({ queryKey: ['admin', 'plans'] }),
      ]),
  });
}

/** The rerun's answer: the fresh figures, alone or inside the advisor. */
const rerunSchema = z.object({
  data: z.union([backtestSummarySchema, adminAdvisorSchema.transform((a) => a.backtest)]),
});

export function useRerunBacktest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      rerunSchema.parse((await api.post(`/admin/expert_advisors/${id}/backtest`)).data).data,
    onSettled: () => qc.invalidateQueries({ queryKey: advisorKeys.catalogue }),
  });
}

export function useAdvisorPerformance() {
  return useQuery({
    queryKey: advisorKeys.performance,
    queryFn: async () =>
      list(performanceRowSchema).parse((await api.get('/admin/advisor_performance')).data).data,
    refetchInterval: 30_000,
  });
}

export type RunStatusFilter = (typeof RUN_STATUSES)[number] | 'all';
export interface RunFilter {
  status: RunStatusFilter;
  page: number;
}

const runPageSchema = pagedSchema(staffRunSchema);

export function useAdminRuns(filter: RunFilter) {
  return useQuery({
    queryKey: advisorKeys.runs(filter),
    queryFn: async () => {
      const params = { page: filter.page, ...(filter.status === 'all' ? {} : { status: filter.status }) };
      return runPageSchema.parse((await api.get('/admin/advisor_runs', { params })).data);
    },
    placeholderData: keepPreviousData,
    // Open positions and P/L today move with the market.
    refetchInterval: 15_000,
  });
}

export function useRunDecisions(runId: number | null) {
  return useQuery({
    queryKey: advisorKeys.decisions(runId ?? 0),
    queryFn: async () =>
      list(runDecisionSchema).parse((await api.get(`/admin/advisor_runs/${runId}/decisions`)).data).data,
    enabled: runId !== null,
  });
}

const stopAnswer = z.object({ message: z.string().optional() });

export function useStopRun() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: number; reason: string }) =>
      stopAnswer.parse(
        (await api.post(`/admin/advisor_runs/${input.id}/stop`, { reason: input.reason })).data,
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: advisorKeys.all }),
  });
}
