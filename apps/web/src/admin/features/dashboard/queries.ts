import { dashboardResponseSchema } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/api/client';

/** How often the dashboard refetches on its own (admin.changed 'dashboard' refetches at once). */
export const DASHBOARD_REFRESH_MS = 30_000;

/** `GET /admin/dashboard`, keyed under ['admin', 'dashboard'] so the shell's live link refreshes it. */
export function useDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: async () => dashboardResponseSchema.parse((await api.get('/admin/dashboard')).data).data,
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}
