import { auditFacetsSchema, auditPageSchema, auditVerifySchema } from '@openbroker/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/api/client';

export interface AuditFilters {
  actor_id: string;
  action: string;
  object_type: string;
  object_id: string;
  from: string;
  to: string;
}

/** The query string of the viewer's filters (empty ones left out); dates from the date inputs as UTC days. */
export function auditParams(filters: AuditFilters, extra: Record<string, string> = {}): URLSearchParams {
  const p = new URLSearchParams(extra);
  if (filters.actor_id) p.set('actor_id', filters.actor_id);
  if (filters.action) p.set('action', filters.action);
  if (filters.object_type) p.set('object_type', filters.object_type);
  if (filters.object_id) p.set('object_id', filters.object_id.trim());
  if (filters.from) p.set('from', `${filters.from}T00:00:00Z`);
  if (filters.to) p.set('to', `${filters.to}T23:59:59.999Z`);
  return p;
}

export function useAuditPage(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: ['admin', 'audit', 'page', filters, page],
    queryFn: async () =>
      auditPageSchema.parse(
        (await api.get(`/admin/audit?${auditParams(filters, { page: String(page), per_page: '50' })}`)).data,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useAuditFacets() {
  return useQuery({
    queryKey: ['admin', 'audit', 'facets'],
    queryFn: async () =>
      z.object({ data: auditFacetsSchema }).parse((await api.get('/admin/audit/facets')).data).data,
  });
}

export function useVerifyAudit() {
  return useMutation({
    mutationFn: async () =>
      z.object({ data: auditVerifySchema }).parse((await api.get('/admin/audit/verify')).data).data,
  });
}
