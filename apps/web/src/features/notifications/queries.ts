import type { UserNotification } from '@openbroker/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationPage,
} from '@/api/notifications';
import { useSessionStore } from '@/stores/sessionStore';
import { isLocalNotification, NOTIFICATIONS_KEY, updateNotifications } from './cache';

/** Until the realtime push lands, the bell polls (SPEC §9's 30 s). */
export const NOTIFICATION_POLL_MS = 30_000;

/** The first page, polled; local 'temp-' notifications survive each refetch at the top. */
export function useNotifications() {
  const client = useQueryClient();
  const signedIn = useSessionStore((s) => s.user !== null);
  return useQuery<NotificationPage>({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: async () => {
      const page = await getNotifications(1);
      const local = (client.getQueryData<NotificationPage>(NOTIFICATIONS_KEY)?.data ?? []).filter((n) =>
        isLocalNotification(n.id),
      );
      if (local.length === 0) return page;
      return {
        ...page,
        data: [...local, ...page.data],
        unread_count: page.unread_count + local.filter((n) => !n.read).length,
      };
    },
    enabled: signedIn,
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}

const markRead = (id: string) => (list: UserNotification[]) =>
  list.map((n) => (n.id === id ? { ...n, read: true } : n));

/**
 * Opening a notification: a server one is marked read (at once on screen, then through the API);
 * a 'temp-' one is only dismissed from this device (SPEC §4).
 */
export function useOpenNotification() {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => updateNotifications(client, markRead(id)),
    onError: (error) => {
      console.error('Could not mark the notification read', error);
      void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
  });
  return (n: UserNotification) => {
    if (isLocalNotification(n.id)) {
      updateNotifications(client, (list) => list.filter((x) => x.id !== n.id));
      return;
    }
    if (!n.read) mutation.mutate(n.id);
  };
}

/** "Mark all as read": every server notification through the API, local ones on this device. */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => updateNotifications(client, (list) => list.map((n) => ({ ...n, read: true }))),
    onError: (error) => {
      console.error('Could not mark the notifications read', error);
      void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
  });
}
