import {
  type RequirementKind,
  type VerificationReject,
  type VerificationSettings,
  verificationQueuePageSchema,
  verificationReviewSchema,
  verificationSettingsSchema,
} from '@openbroker/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/api/client';

/** Keys under ['admin', 'verification'] so `admin.changed` with that scope refreshes them. */
const KEY = ['admin', 'verification'] as const;

export interface QueueFilter {
  status?: string;
  level?: string;
  age?: string;
  country?: string;
  sort?: string;
  page: number;
}

export function useVerificationQueue(filter: QueueFilter) {
  return useQuery({
    queryKey: [...KEY, 'queue', filter],
    queryFn: async () => {
      const params = Object.fromEntries(
        Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''),
      );
      return verificationQueuePageSchema.parse((await api.get('/admin/verification', { params })).data);
    },
    placeholderData: keepPreviousData,
  });
}

export function useVerificationReview(userId: number) {
  return useQuery({
    queryKey: [...KEY, 'review', userId],
    queryFn: async () =>
      z
        .object({ data: verificationReviewSchema })
        .parse((await api.get(`/admin/verification/${userId}`)).data).data,
  });
}

export type Decision =
  | { verb: 'approve'; kind: RequirementKind; comment: string }
  | { verb: 'reject'; kind: RequirementKind; body: VerificationReject };

export function useDecideRequirement(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (d: Decision): Promise<'approved' | 'requested' | 'rejected'> => {
      const url = `/admin/verification/${userId}/requirements/${d.kind}/${d.verb}`;
      if (d.verb === 'reject') {
        await api.post(url, d.body);
        return 'rejected';
      }
      const res = await api.post(url, { comment: d.comment });
      return z.object({ data: z.object({ status: z.enum(['approved', 'requested']) }) }).parse(res.data).data
        .status;
    },
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: KEY }),
        qc.invalidateQueries({ queryKey: ['admin', 'approvals'] }),
      ]),
  });
}

export function useVerificationSettings() {
  return useQuery({
    queryKey: [...KEY, 'settings'],
    queryFn: async () =>
      z
        .object({ data: verificationSettingsSchema })
        .parse((await api.get('/admin/verification/settings')).data).data,
  });
}

export function useSaveVerificationSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (s: VerificationSettings) =>
      z
        .object({ data: verificationSettingsSchema })
        .parse((await api.put('/admin/verification/settings', s)).data).data,
    onSuccess: (data) => qc.setQueryData([...KEY, 'settings'], data),
  });
}
