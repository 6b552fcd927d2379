import {
  type Personal,
  type PersonalInputRaw,
  type PersonalUpdateResult,
  type PersonalVersion,
  personalSchema,
  personalUpdateResultSchema,
  personalVersionListSchema,
} from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/api/client';

export const PERSONAL_KEY = ['personal'] as const;
export const PERSONAL_VERSIONS_KEY = ['personal', 'versions'] as const;

const envelope = z.object({ data: personalSchema });

export async function getPersonal(): Promise<Personal> {
  return envelope.parse((await api.get('/personal')).data).data;
}

export async function savePersonal(values: PersonalInputRaw): Promise<PersonalUpdateResult> {
  return personalUpdateResultSchema.parse((await api.put('/personal', values)).data);
}

export async function getPersonalVersions(): Promise<PersonalVersion[]> {
  return personalVersionListSchema.parse((await api.get('/personal/versions')).data).data;
}

export function usePersonal() {
  return useQuery({ queryKey: PERSONAL_KEY, queryFn: getPersonal });
}

export function usePersonalVersions() {
  return useQuery({ queryKey: PERSONAL_VERSIONS_KEY, queryFn: getPersonalVersions });
}

/** Saves the form; the answer replaces the cached details and the history is read again. */
export function useSavePersonal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePersonal,
    onSuccess: (result) => {
      client.setQueryData(PERSONAL_KEY, result.data);
      void client.invalidateQueries({ queryKey: PERSONAL_VERSIONS_KEY });
    },
  });
}
