import { notificationKindOf, type UserNotification } from '@openbroker/domain';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { usePreferencesStore } from '@/stores/preferencesStore';
import {
  type IncomingNotification,
  normalizeNotification,
  TOAST_VARIANT,
  updateNotifications,
} from './cache';
import { playNotificationSound } from './sound';

let boundClient: QueryClient | null = null;

/** The bell binds the app's query client here, so a push handler outside React can reach the cache. */
export function bindNotificationClient(client: QueryClient | null): void {
  boundClient = client;
}

export interface ReceiveDeps {
  queryClient?: QueryClient | null;
  playSound?: () => void;
}

/**
 * A new notification arrived (the realtime `notification.message` event, SPEC §8): SPEC §9's global
 * toast at the top right (title defaults to 'Notification', the colour picks the variant), the
 * notification chime (SPEC §4; failures only logged), and the bell's list and count.
 */
export function receiveNotification(n: IncomingNotification, deps: ReceiveDeps = {}): UserNotification {
  const note = normalizeNotification(n);
  // Kinds the user turned off in Settings still reach the bell, but without a toast or a sound.
  const kind = notificationKindOf(note.title);
  if (kind === null || usePreferencesStore.getState().prefs.notification_kinds[kind]) {
    toast[TOAST_VARIANT[note.color]](note.title, {
      description: note.message || undefined,
      position: 'top-right',
    });
    try {
      (deps.playSound ?? playNotificationSound)();
    } catch (error) {
      console.error('Notification sound could not play', error);
    }
  }
  const client = deps.queryClient ?? boundClient;
  if (client) updateNotifications(client, (list) => [note, ...list.filter((x) => x.id !== note.id)]);
  return note;
}
