import {
  type BrandingUpload,
  brandingUploadResponseSchema,
  type SettingsImageKind,
  type SiteSettingsUpdate,
  type StaffSettings,
  staffSettingsSchema,
} from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/api/client';
import { useSettingsStore } from '@/stores/settingsStore';

const one = z.object({ data: staffSettingsSchema });
/** Keyed under ['admin', 'settings'] so `admin.changed` (scope settings) refreshes it. */
export const ADMIN_SETTINGS_KEY = ['admin', 'settings'] as const;

export function useAdminSettings() {
  return useQuery({
    queryKey: ADMIN_SETTINGS_KEY,
    queryFn: async (): Promise<StaffSettings> => one.parse((await api.get('/admin/settings')).data).data,
  });
}

export async function saveSettings(patch: SiteSettingsUpdate): Promise<StaffSettings> {
  return one.parse((await api.patch('/admin/settings', patch)).data).data;
}

/** Saves a change; this tab's own branding (name, logo, favicon) follows at once. */
export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => {
      qc.setQueryData(ADMIN_SETTINGS_KEY, saved);
      void useSettingsStore.getState().fetchSettings();
    },
  });
}

/** Uploads an image (multipart `file`) and returns where it is served; the form then saves that URL. */
export async function uploadImage(url: string, file: File): Promise<BrandingUpload> {
  const body = new FormData();
  body.append('file', file);
  return brandingUploadResponseSchema.parse((await api.post(url, body)).data).data;
}

export const uploadSettingsImage = (kind: SettingsImageKind, file: File) =>
  uploadImage(`/admin/settings/uploads/${kind}`, file);
