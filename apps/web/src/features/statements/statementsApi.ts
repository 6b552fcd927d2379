import { type Statement, statementSchema } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { currentApiBaseUrl } from '@/api/baseUrl';
import { api } from '@/api/client';

export interface StatementPeriod {
  accountId: number;
  /** `YYYY-MM-DD`, inclusive. */
  from: string;
  /** `YYYY-MM-DD`, inclusive. */
  to: string;
}

const envelope = z.object({ data: statementSchema });

/** `GET /statements?format=json`: the statement to show on the page. */
export async function getStatement({ accountId, from, to }: StatementPeriod): Promise<Statement> {
  const res = await api.get('/statements', { params: { account_id: accountId, from, to, format: 'json' } });
  return envelope.parse(res.data).data;
}

export function useStatement(period: StatementPeriod | null) {
  return useQuery({
    queryKey: ['statements', period?.accountId, period?.from, period?.to],
    queryFn: () => (period ? getStatement(period) : Promise.reject(new Error('No period chosen'))),
    enabled: period !== null,
  });
}

function apiUrl(path: string, params: Record<string, string | number>): string {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return `${currentApiBaseUrl()}${path}?${query.toString()}`;
}

/**
 * A file download the browser fetches itself (a plain link): the session cookie goes with it, and
 * the server answers with `Content-Disposition: attachment`.
 */
export function statementFileUrl(period: StatementPeriod, format: 'csv' | 'pdf'): string {
  return apiUrl('/statements', { account_id: period.accountId, from: period.from, to: period.to, format });
}

/** `GET /trades/export.csv`: the account's trades of the period as CSV. */
export function tradesExportUrl(period: StatementPeriod): string {
  return apiUrl('/trades/export.csv', { account_id: period.accountId, from: period.from, to: period.to });
}
