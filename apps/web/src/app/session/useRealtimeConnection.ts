import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import type { IncomingNotification } from '@/features/notifications/cache';
import { receiveNotification } from '@/features/notifications/receiveNotification';
import { tradingKeys } from '@/features/trading/queries';
import { i18n } from '@/i18n/i18n';
import { CONNECTION_FAILED } from '@/realtime/pricesSocket';
import { connectRealtime } from '@/realtime/realtimeSocket';
import { useSessionStore } from '@/stores/sessionStore';
import { CURRENT_USER_KEY } from './useCurrentUserQuery';

/** SPEC §4 "Notification": a pushed notification toasts, chimes and joins the bell's list. */
function pushNotification(payload: unknown): void {
  if (typeof payload === 'object' && payload !== null) receiveNotification(payload as IncomingNotification);
}

/** One toast slot for the link, so 'Reconnecting…' is replaced rather than stacked. */
const CONNECTION_TOAST_ID = 'realtime-connection';

/** SPEC §9: connection toasts stay 2 s on success and 4 s on failure. */
export const CONNECTION_TOAST_MS = { success: 2_000, failure: 4_000 } as const;

/**
 * Keeps the signed-in user's realtime channels open (SPEC §4): trade and user events refresh the
 * positions, summary and balance at once instead of waiting for the 30 s poll, which runs only while
 * the link is down. `onNotification` receives each `notification.message`.
 */
export function useRealtimeConnection(
  enabled: boolean,
  onNotification: (payload: unknown) => void = pushNotification,
): void {
  const client = useQueryClient();
  const userId = useSessionStore((s) => s.user?.id ?? null);
  const staff = useSessionStore((s) => s.user?.role === 'staff');
  useEffect(() => {
    if (!enabled || userId === null) return;
    // The first connect is silent; toasts tell of losing and regaining a link that was up (SPEC §4).
    let wasConnected = false;
    let wasDown = false;
    return connectRealtime(
      userId,
      {
        onTradeUpdated: () => void client.invalidateQueries({ queryKey: tradingKeys.all }),
        onUserUpdated: () => {
          void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
          void client.invalidateQueries({ queryKey: tradingKeys.all });
        },
        onNotification,
        onStatus: (status, error) => {
          if (status === 'failed') {
            // The transport's own reason is shown as it came; only our words are translated.
            const reason =
              error && error !== CONNECTION_FAILED ? error : i18n.t('common:realtime.unknownError');
            toast.error(i18n.t('common:realtime.failed', { reason }), {
              id: CONNECTION_TOAST_ID,
              duration: CONNECTION_TOAST_MS.failure,
            });
          } else if (status === 'connecting' && wasConnected && !wasDown) {
            wasDown = true;
            toast.loading(i18n.t('common:realtime.reconnecting'), {
              id: CONNECTION_TOAST_ID,
              duration: CONNECTION_TOAST_MS.failure,
            });
          } else if (status === 'connected') {
            if (wasDown) {
              toast.success(i18n.t('common:realtime.connected'), {
                id: CONNECTION_TOAST_ID,
                duration: CONNECTION_TOAST_MS.success,
              });
            }
            wasConnected = true;
            wasDown = false;
          }
        },
      },
      { staff },
    );
  }, [enabled, userId, staff, client, onNotification]);
}
