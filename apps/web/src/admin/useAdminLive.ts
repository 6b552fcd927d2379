import { ADMIN_CHANNEL, ADMIN_SCOPES, PRIVATE_CHANNEL_PREFIX } from '@openbroker/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { staffChatChannel } from '@/features/chat/channels';
import { useRealtimeStore } from '@/realtime/realtimeSocket';
import { useRealtimeChannel, useRealtimeEvent } from '@/realtime/useRealtimeChannel';
import { useCan } from './usePermission';

/** The back office's private channel: `admin.changed` for every staff member. */
export const ADMIN_LIVE_CHANNEL = `${PRIVATE_CHANNEL_PREFIX}${ADMIN_CHANNEL}`;

const adminChangeSchema = z.object({ scope: z.enum(ADMIN_SCOPES), id: z.string().optional() });

/** Query keys of the back office start with `['admin', scope]`; the queue badges are `['admin', 'counts']`. */
export const ADMIN_COUNTS_KEY = ['admin', 'counts'] as const;

/**
 * Applies one `admin.changed` event: the screens of its scope refetch, the badges always do, and
 * the dashboard too (it sums every queue). Unknown payloads are ignored.
 */
export function applyAdminChange(client: QueryClient, payload: unknown): void {
  const change = adminChangeSchema.safeParse(payload);
  if (!change.success) return;
  void client.invalidateQueries({ queryKey: ['admin', change.data.scope] });
  void client.invalidateQueries({ queryKey: ADMIN_COUNTS_KEY });
  if (change.data.scope !== 'dashboard') void client.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
}

/**
 * Keeps the open back-office screens current (DESIGN §12): holds the staff channel, refetches on
 * `admin.changed`, refreshes the unread-chat badge on chat events (for staff who read chats), and
 * refetches everything once the link comes back after a drop (events may have been missed).
 * Mounted once, in the admin shell.
 */
export function useAdminLive(): void {
  const client = useQueryClient();
  const readsChat = useCan('chat.read');
  useRealtimeChannel(ADMIN_LIVE_CHANNEL);
  useRealtimeChannel(readsChat ? staffChatChannel : null);
  useRealtimeEvent('admin.changed', (payload) => applyAdminChange(client, payload));
  const chatChanged = () => void client.invalidateQueries({ queryKey: ADMIN_COUNTS_KEY });
  useRealtimeEvent('message.sent', chatChanged);
  useRealtimeEvent('message.read', chatChanged);

  useEffect(() => {
    // Only a reconnection refetches: the first connection finds the screens freshly loaded.
    let previous = useRealtimeStore.getState().status;
    let wasUp = previous === 'connected';
    return useRealtimeStore.subscribe(({ status }) => {
      if (status === 'connected' && previous !== 'connected') {
        if (wasUp) void client.invalidateQueries({ queryKey: ['admin'] });
        wasUp = true;
      }
      previous = status;
    });
  }, [client]);
}
