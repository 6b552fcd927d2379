import { notificationSchema, pagedSchema, type UserNotification } from '@openbroker/domain';
import { z } from 'zod';
import { api, type Envelope } from './client';

/** `GET /notifications?page=`: the Laravel page plus the user's whole unread count. */
export const notificationPageSchema = pagedSchema(notificationSchema).extend({ unread_count: z.number() });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** Newest first. Parsed, so a malformed answer fails the query rather than the bell. */
export async function getNotifications(page = 1): Promise<NotificationPage> {
  const response = await api.get<unknown>('/notifications', { params: { page } });
  return notificationPageSchema.parse(response.data);
}

/** SPEC §7 `POST /notifications/{id}/read` (idempotent; 404 for someone else's). */
export async function markNotificationRead(id: string): Promise<UserNotification> {
  return (await api.post<Envelope<UserNotification>>(`/notifications/${encodeURIComponent(id)}/read`)).data
    .data;
}

/** `POST /notifications/read-all`. */
export async function markAllNotificationsRead(): Promise<{ updated: number }> {
  return (await api.post<Envelope<{ updated: number }>>('/notifications/read-all')).data.data;
}
