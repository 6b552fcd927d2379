import { z } from 'zod';

/** SPEC §3 Notification colours. */
export const NOTIFICATION_COLORS = ['danger', 'success', 'warning', 'other'] as const;
export type NotificationColor = (typeof NOTIFICATION_COLORS)[number];

/**
 * SPEC §3 Notification, plus `created_at` (ISO). The id is a string because the client also holds
 * local 'temp-' notifications (SPEC §4) that never reach the server.
 */
export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  color: z.enum(NOTIFICATION_COLORS),
  read: z.boolean(),
  created_at: z.string(),
});
export type UserNotification = z.infer<typeof notificationSchema>;

/** `GET /notifications?page=`. */
export const notificationPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
