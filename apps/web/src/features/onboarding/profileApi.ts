import {
  type FinancialProfileInput,
  type FinancialProfileStatus,
  financialProfileStatusSchema,
} from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Envelope } from '@/api/client';

export const FINANCIAL_PROFILE_KEY = ['profile', 'financial'] as const;

/** `GET /profile/financial`, parsed rather than trusted. */
export async function fetchFinancialProfile(): Promise<FinancialProfileStatus> {
  const response = await api.get<Envelope<unknown>>('/profile/financial');
  return financialProfileStatusSchema.parse(response.data.data);
}

export async function saveFinancialProfile(input: FinancialProfileInput): Promise<FinancialProfileStatus> {
  const response = await api.put<Envelope<unknown>>('/profile/financial', input);
  return financialProfileStatusSchema.parse(response.data.data);
}

export function useFinancialProfileQuery(enabled = true) {
  return useQuery({ queryKey: FINANCIAL_PROFILE_KEY, queryFn: fetchFinancialProfile, enabled, retry: 1 });
}

export function useSaveFinancialProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveFinancialProfile,
    onSuccess: (status) => client.setQueryData(FINANCIAL_PROFILE_KEY, status),
  });
}
