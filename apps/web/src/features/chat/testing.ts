import type { ChatAttachment, ChatMessage, ChatUser } from '@openbroker/domain';
import { useEffect, useRef } from 'react';

/**
 * Test doubles for the chat. `fakeRealtimeModule` stands in for `@/realtime/useRealtimeChannel`
 * (`vi.mock('@/realtime/useRealtimeChannel', async () => (await import('./testing')).fakeRealtimeModule)`),
 * so a test can see which channels are held and push events as the server would.
 */
const listeners = new Map<string, Set<(payload: unknown) => void>>();
const held = new Map<string, number>();

export const fakeRealtime = {
  /** Delivers a channel event to every listener, as the realtime socket does. */
  emit(event: string, payload: unknown): void {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  },
  held(): string[] {
    return [...held.keys()];
  },
  reset(): void {
    listeners.clear();
    held.clear();
  },
};

export const fakeRealtimeModule = {
  useRealtimeChannel(channel: string | null): void {
    useEffect(() => {
      if (!channel) return;
      held.set(channel, (held.get(channel) ?? 0) + 1);
      return () => {
        const left = (held.get(channel) ?? 1) - 1;
        if (left > 0) held.set(channel, left);
        else held.delete(channel);
      };
    }, [channel]);
  },
  useRealtimeEvent(event: string, listener: (payload: unknown) => void): void {
    const latest = useRef(listener);
    latest.current = listener;
    useEffect(() => {
      const call = (payload: unknown) => latest.current(payload);
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(call);
      return () => {
        set.delete(call);
      };
    }, [event]);
  },
};

/** A valid chat message (it passes `chatMessageSchema`), with any field overridable. */
export function chatMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 1,
    customer_id: 1,
    sender_id: 1,
    sender: { first_name: 'Ada', name: 'Ada Lovelace', avatar: null },
    is_admin: false,
    // i18n-ignore: test data
    message: 'Hello',
    attachments: [],
    created_at: '2026-01-07T15:00:00.000Z',
    read_at: null,
    ...overrides,
  };
}

/** A support reply from staff member 9 in customer 1's conversation. */
export function staffReply(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return chatMessage({
    sender_id: 9,
    sender: { first_name: 'Sam', name: 'Sam Support', avatar: null },
    is_admin: true,
    ...overrides,
  });
}

export function chatAttachment(overrides: Partial<ChatAttachment> = {}): ChatAttachment {
  return {
    id: 'a1',
    file_name: 'statement.png',
    download_url: '/api/v1/chat/attachments/a1',
    is_image: true,
    size: 2048,
    mime: 'image/png',
    ...overrides,
  };
}

export function chatUser(overrides: Partial<ChatUser> = {}): ChatUser {
  return {
    id: 1,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    avatar: null,
    account_id: '10000001',
    status: 'active',
    is_online: true,
    unread_count: 0,
    last_message: null,
    last_message_at: null,
    ...overrides,
  };
}
