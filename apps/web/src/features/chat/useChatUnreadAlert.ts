import { chatSentEventSchema } from '@openbroker/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { chatKeys, getChatUnreadCount } from '@/api/chat';
import { playNotificationSound } from '@/features/notifications/sound';
import { useRealtimeChannel, useRealtimeEvent } from '@/realtime/useRealtimeChannel';
import { useSessionStore } from '@/stores/sessionStore';
import { CHAT_PATH, customerChatChannel } from './channels';

const isChatPath = (pathname: string): boolean =>
  pathname === CHAT_PATH || pathname.startsWith(`${CHAT_PATH}/`);

/**
 * SPEC §4 Chat "Unread alert": the count is fetched on load and again on each incoming message from
 * someone else while the customer is not on the chat page; the alert shows while the count is above
 * 0 away from the chat page, and hides on entering the chat page or on tap until the next message.
 * Each incoming message from someone else also plays the notification sound.
 */
export function useChatUnreadAlert() {
  const user = useSessionStore((s) => s.user);
  const customerId = user?.role === 'customer' ? user.id : null;
  const { pathname } = useLocation();
  const onChatPage = isChatPath(pathname);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [dismissed, setDismissed] = useState(false);

  useRealtimeChannel(customerId === null ? null : customerChatChannel(customerId));

  const count = useQuery({
    queryKey: chatKeys.unreadCount,
    queryFn: async () => {
      try {
        return await getChatUnreadCount();
      } catch (error) {
        // SPEC §8: unread-count failures are only logged.
        console.error('Could not fetch the unread chat count', error);
        return client.getQueryData<number>(chatKeys.unreadCount) ?? 0;
      }
    },
    enabled: customerId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    if (onChatPage) setDismissed(true);
  }, [onChatPage]);

  useRealtimeEvent('message.sent', (payload) => {
    const parsed = chatSentEventSchema.safeParse(payload);
    if (customerId === null || !parsed.success) return;
    const { message } = parsed.data;
    if (message.customer_id !== customerId || message.sender_id === customerId) return;
    playNotificationSound();
    if (onChatPage) return;
    setDismissed(false);
    void client.invalidateQueries({ queryKey: chatKeys.unreadCount });
  });

  const unread = count.data ?? 0;
  return {
    visible: customerId !== null && unread > 0 && !onChatPage && !dismissed,
    unread,
    open: () => {
      setDismissed(true);
      void navigate(CHAT_PATH);
    },
  };
}
