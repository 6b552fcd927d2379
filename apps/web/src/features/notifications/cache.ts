import { NOTIFICATION_COLORS, type NotificationColor, type UserNotification } from '@openbroker/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { NotificationPage } from '@/api/notifications';
import { i18n } from '@/i18n/i18n';

/** The bell's query: the first page, newest first. */
export const NOTIFICATIONS_KEY = ['notifications', 1] as const;

/** Ids of notifications that only exist on this device (SPEC §4: dismissed locally). */
export const isLocalNotification = (id: string): boolean => id.startsWith('temp-');

export function emptyNotificationPage(): NotificationPage {
  return {
    data: [],
    meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 },
    links: { next: null, prev: null },
    unread_count: 0,
  };
}

const unreadIn = (list: readonly UserNotification[]) => list.filter((n) => !n.read).length;

/** Applies `change` to the cached list, keeping the unread count in step. */
export function updateNotifications(
  client: QueryClient,
  change: (list: UserNotification[]) => UserNotification[],
): void {
  client.setQueryData<NotificationPage>(NOTIFICATIONS_KEY, (old) => {
    const page = old ?? emptyNotificationPage();
    const next = change(page.data);
    const delta = unreadIn(next) - unreadIn(page.data);
    return {
      ...page,
      data: next,
      meta: { ...page.meta, total: Math.max(0, page.meta.total + next.length - page.data.length) },
      unread_count: Math.max(0, page.unread_count + delta),
    };
  });
}

/** A push payload as it may arrive: only the message is certain (SPEC §3 Notification). */
export interface IncomingNotification {
  id?: string | number | null;
  title?: string | null;
  message?: string | null;
  color?: string | null;
  read?: boolean | null;
  created_at?: string | null;
}

let tempCounter = 0;

/** SPEC §3 Notification from a push: title defaults to 'Notification', unknown colours to 'other'. */
export function normalizeNotification(n: IncomingNotification, now = new Date()): UserNotification {
  const color = NOTIFICATION_COLORS.find((c) => c === n.color) ?? 'other';
  const id =
    n.id === undefined || n.id === null || n.id === '' ? `temp-${now.getTime()}-${++tempCounter}` : n.id;
  return {
    id: String(id),
    title: n.title?.trim() ? n.title : i18n.t('auth:notifications.defaultTitle'),
    message: n.message ?? '',
    color,
    read: n.read ?? false,
    created_at: n.created_at ?? now.toISOString(),
  };
}

export type ToastVariant = 'error' | 'success' | 'warning' | 'info';

/** SPEC §9 colour variant of a notification's toast. */
export const TOAST_VARIANT: Record<NotificationColor, ToastVariant> = {
  danger: 'error',
  success: 'success',
  warning: 'warning',
  other: 'info',
};
