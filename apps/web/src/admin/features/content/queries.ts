import {
  type CalendarEventCreate,
  type CalendarEventUpdate,
  calendarEventSchema,
  calendarImportResultSchema,
  calendarPageSchema,
  type NewsItemCreate,
  type NewsItemUpdate,
  type NewsSourceCreate,
  type NewsSourceUpdate,
  newsItemSchema,
  newsPageSchema,
  newsSourcePageSchema,
  newsSourceSchema,
  type SiteNotice,
} from '@openbroker/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/api/client';

/** Every query of this area is keyed under ['admin', 'content'], so `admin.changed` refreshes it. */
export const contentKeys = {
  all: ['admin', 'content'] as const,
  calendar: (params: object) => ['admin', 'content', 'calendar', params] as const,
  news: (params: object) => ['admin', 'content', 'news', params] as const,
  sourceNames: ['admin', 'content', 'source-names'] as const,
  sources: (params: object) => ['admin', 'content', 'sources', params] as const,
};

type Params = Record<string, string | number | undefined>;
const clean = (params: Params) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));

export function useAdminCalendar(params: Params) {
  return useQuery({
    queryKey: contentKeys.calendar(params),
    queryFn: async () =>
      calendarPageSchema.parse((await api.get('/admin/calendar', { params: clean(params) })).data),
    placeholderData: keepPreviousData,
  });
}

export function useAdminNews(params: Params) {
  return useQuery({
    queryKey: contentKeys.news(params),
    queryFn: async () => newsPageSchema.parse((await api.get('/admin/news', { params: clean(params) })).data),
    placeholderData: keepPreviousData,
  });
}

export function useNewsSourceNames() {
  return useQuery({
    queryKey: contentKeys.sourceNames,
    queryFn: async () =>
      z.object({ data: z.array(z.string()) }).parse((await api.get('/admin/news/source-names')).data).data,
  });
}

export function useNewsSources(params: Params) {
  return useQuery({
    queryKey: contentKeys.sources(params),
    queryFn: async () =>
      newsSourcePageSchema.parse((await api.get('/admin/news-sources', { params: clean(params) })).data),
    placeholderData: keepPreviousData,
  });
}

/** A write of this area: on success everything under ['admin', 'content'] (and the terminal's panels) refetches. */
function useContentMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: contentKeys.all }),
        client.invalidateQueries({ queryKey: ['content'] }),
      ]);
    },
  });
}

const eventOut = z.object({ data: calendarEventSchema });
const newsOut = z.object({ data: newsItemSchema });
const sourceOut = z.object({ data: newsSourceSchema });
const removedOut = z.object({ data: z.object({ removed: z.number() }) });

export function useSaveEvent() {
  return useContentMutation(async (v: { id?: number; body: CalendarEventCreate | CalendarEventUpdate }) =>
    v.id === undefined
      ? eventOut.parse((await api.post('/admin/calendar', v.body)).data).data
      : eventOut.parse((await api.put(`/admin/calendar/${v.id}`, v.body)).data).data,
  );
}

export function useDeleteEvent() {
  return useContentMutation(async (id: number) => {
    await api.delete(`/admin/calendar/${id}`);
  });
}

export function useSaveNews() {
  return useContentMutation(async (v: { id?: number; body: NewsItemCreate | NewsItemUpdate }) =>
    v.id === undefined
      ? newsOut.parse((await api.post('/admin/news', v.body)).data).data
      : newsOut.parse((await api.put(`/admin/news/${v.id}`, v.body)).data).data,
  );
}

export function useDeleteNews() {
  return useContentMutation(async (id: number) => {
    await api.delete(`/admin/news/${id}`);
  });
}

/** "Remove demo content" of one kind: how many rows went. */
export function useRemoveDemo() {
  return useContentMutation(
    async (kind: 'calendar' | 'news') =>
      removedOut.parse((await api.post(`/admin/${kind}/remove-demo`)).data).data.removed,
  );
}

export function useSaveSource() {
  return useContentMutation(async (v: { id?: number; body: NewsSourceCreate | NewsSourceUpdate }) =>
    v.id === undefined
      ? sourceOut.parse((await api.post('/admin/news-sources', v.body)).data).data
      : sourceOut.parse((await api.patch(`/admin/news-sources/${v.id}`, v.body)).data).data,
  );
}

export function useDeleteSource() {
  return useContentMutation(async (id: number) => {
    await api.delete(`/admin/news-sources/${id}`);
  });
}

const fetchOut = z.object({
  data: z.object({ source: newsSourceSchema, added: z.number(), error: z.string().nullable() }),
});

export function useFetchSource() {
  return useContentMutation(
    async (id: number) => fetchOut.parse((await api.post(`/admin/news-sources/${id}/fetch`)).data).data,
  );
}

/** Sends the file for a dry run (a preview) or the import itself. */
export function useImportCalendar() {
  return useContentMutation(async (v: { file: File; dryRun: boolean }) => {
    const form = new FormData();
    form.append('file', v.file);
    const res = await api.post('/admin/calendar/import', form, { params: v.dryRun ? { dry_run: 1 } : {} });
    return z.object({ data: calendarImportResultSchema }).parse(res.data).data;
  });
}

/** A site-wide notice to everyone online now (not stored; the audit keeps it). */
export function useSendNotice() {
  return useMutation({
    mutationFn: async (notice: SiteNotice) =>
      z.object({ data: z.object({ id: z.string() }) }).parse((await api.post('/admin/notices', notice)).data)
        .data,
  });
}
