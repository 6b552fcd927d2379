import {
  type AdminPlan,
  type AdminPlans,
  adminPlanSchema,
  adminPlansResponseSchema,
  type PlanCreate,
  type PlanFeatureCreate,
  type PlanFeatureRow,
  type PlanFeatureUpdate,
  type PlanUpdate,
  planFeatureRowSchema,
} from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/api/client';
import { uploadImage } from '../settings/queries';

/** Keyed under ['admin', 'plans'] so `admin.changed` (scope plans) refreshes it. */
export const ADMIN_PLANS_KEY = ['admin', 'plans'] as const;
const onePlan = z.object({ data: adminPlanSchema });
const oneRow = z.object({ data: planFeatureRowSchema });

export function useAdminPlans() {
  return useQuery({
    queryKey: ADMIN_PLANS_KEY,
    queryFn: async (): Promise<AdminPlans> =>
      adminPlansResponseSchema.parse((await api.get('/admin/plans')).data).data,
  });
}

/** A plans mutation that refetches the list when it settles (whatever the outcome). */
function usePlansMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: ADMIN_PLANS_KEY }),
  });
}

export type PlanCreateInput = Omit<
  PlanCreate,
  'icon' | 'image' | 'margin_call_level' | 'stop_out_level' | 'recommended' | 'eas' | 'features'
> &
  Partial<PlanCreate>;

export const useCreatePlan = () =>
  usePlansMutation(
    async (body: PlanCreateInput): Promise<AdminPlan> =>
      onePlan.parse((await api.post('/admin/plans', body)).data).data,
  );

export const useUpdatePlan = () =>
  usePlansMutation(
    async ({ id, body }: { id: number; body: PlanUpdate }): Promise<AdminPlan> =>
      onePlan.parse((await api.patch(`/admin/plans/${id}`, body)).data).data,
  );

export const useCreateFeature = () =>
  usePlansMutation(
    async (body: PlanFeatureCreate): Promise<PlanFeatureRow> =>
      oneRow.parse((await api.post('/admin/plan-features', body)).data).data,
  );

export const useUpdateFeature = () =>
  usePlansMutation(
    async ({ id, body }: { id: number; body: PlanFeatureUpdate }): Promise<PlanFeatureRow> =>
      oneRow.parse((await api.patch(`/admin/plan-features/${id}`, body)).data).data,
  );

export const useDeleteFeature = () =>
  usePlansMutation(async (id: number): Promise<void> => {
    await api.delete(`/admin/plan-features/${id}`);
  });

export const uploadPlanImage = (file: File) => uploadImage('/admin/plans/uploads/icon', file);
