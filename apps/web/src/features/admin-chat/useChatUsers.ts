import { type ChatUser, chatSentEventSchema } from '@openbroker/domain';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { chatKeys, getChatUsers } from '@/api/chat';
import { useDocumentVisible } from '@/features/chat/useDocumentVisible';
import { playNotificationSound } from '@/features/notifications/sound';
import { useRealtimeEvent } from '@/realtime/useRealtimeChannel';

/** SPEC §9: the admin user list refreshes every 30 s. */
export const USERS_REFRESH_MS = 30_000;
/** SPEC §9 "retry after failure 5 s"; SPEC §8 'Failed to load users. Retrying...'. */
export const USERS_RETRY_MS = 5_000;

/** `GET /admin/users`, refreshed every 30 s and retried every 5 s after a failure. */
export function useChatUsers(enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.users,
    queryFn: getChatUsers,
    enabled,
    refetchInterval: USERS_REFRESH_MS,
    retry: (_count, error) => !(isAxiosError(error) && error.response?.status === 401),
    retryDelay: USERS_RETRY_MS,
  });
}

/** Changes one customer's row in the cached list; false when the list does not have them. */
export function updateChatUser(client: QueryClient, id: number, change: (u: ChatUser) => ChatUser): boolean {
  let found = false;
  client.setQueryData<ChatUser[]>(chatKeys.users, (users) =>
    users?.map((u) => {
      if (u.id !== id) return u;
      found = true;
      return change(u);
    }),
  );
  return found;
}

/**
 * The list follows the staff channel live: each message moves its conversation up with its preview;
 * a customer's message marks them online and bumps the unread badge unless that conversation is open on screen, and plays
 * the notification sound (SPEC §4: a message from another sender).
 */
export function useLiveChatUsers(openCustomerId: number | null): void {
  const client = useQueryClient();
  const visible = useDocumentVisible();
  useRealtimeEvent('message.sent', (payload) => {
    const parsed = chatSentEventSchema.safeParse(payload);
    if (!parsed.success) return;
    const { message } = parsed.data;
    const readingIt = message.customer_id === openCustomerId && visible;
    const known = updateChatUser(client, message.customer_id, (u) => ({
      ...u,
      last_message: message.message,
      last_message_at: message.created_at,
      unread_count: !message.is_admin && !readingIt ? u.unread_count + 1 : u.unread_count,
      // A customer writing now is online, whatever the last 30 s refresh said.
      is_online: message.is_admin ? u.is_online : true,
    }));
    // Someone the list has not seen yet (a first message from a new customer).
    if (!known) void client.invalidateQueries({ queryKey: chatKeys.users });
    if (!message.is_admin) playNotificationSound();
  });
}
