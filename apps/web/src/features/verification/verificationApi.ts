import {
  type DocumentSide,
  type DocumentType,
  type RequirementKind,
  type VerificationOverview,
  verificationDocumentSchema,
  verificationOverviewSchema,
} from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/api/client';

export const VERIFICATION_KEY = ['verification'] as const;
const envelope = z.object({ data: verificationOverviewSchema });

export async function getVerification(): Promise<VerificationOverview> {
  return envelope.parse((await api.get('/verification')).data).data;
}

export function useVerification() {
  return useQuery({ queryKey: VERIFICATION_KEY, queryFn: getVerification });
}

export interface UploadRequest {
  requirement: RequirementKind;
  documentType: DocumentType;
  side: DocumentSide | null;
  file: File;
  onProgress?: (percent: number) => void;
}

/** The fields go first: the server reads them before the file. */
export async function uploadDocument(r: UploadRequest) {
  const form = new FormData();
  form.append('requirement', r.requirement);
  form.append('document_type', r.documentType);
  if (r.side) form.append('side', r.side);
  form.append('file', r.file, r.file.name);
  const res = await api.post('/verification/documents', form, {
    // Uploads of 10 MB on a slow line outlast the usual 15 s.
    timeout: 120_000,
    onUploadProgress: (e) => {
      if (e.total) r.onProgress?.(Math.round((e.loaded / e.total) * 100));
    },
  });
  return z.object({ data: verificationDocumentSchema }).parse(res.data).data;
}

export function useUploadDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSettled: () => client.invalidateQueries({ queryKey: VERIFICATION_KEY }),
  });
}

export function useSubmitRequirement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (kind: RequirementKind) =>
      envelope.parse((await api.post(`/verification/requirements/${kind}/submit`)).data).data,
    onSuccess: (data) => client.setQueryData(VERIFICATION_KEY, data),
    onError: () => client.invalidateQueries({ queryKey: VERIFICATION_KEY }),
  });
}
