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

/** The public channel every signed-in client joins for site-wide notices (SPEC §7 public channels). */
export const SITE_NOTICES_CHANNEL = 'public.notices';

/**
 * `POST /admin/notices` (staff): a notice shown at once to everyone online, as the global toast
 * (SPEC §4). It is not stored: clients give it a 'temp-' id, dismissed locally only.
 */
export const siteNoticeSchema = z.object({
  title: z.string().trim().min(1, 'The title is required').max(120),
  message: z.string().trim().min(1, 'The message is required').max(1000),
  color: z.enum(NOTIFICATION_COLORS).default('other'),
});
export type SiteNotice = z.infer<typeof siteNoticeSchema>;
