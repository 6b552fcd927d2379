import {
  type ChatMessage,
  type ChatPage,
  chatReadEventSchema,
  chatSentEventSchema,
} from '@openbroker/domain';
import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  chatKeys,
  getChatMessages,
  INVALID_RESPONSE,
  InvalidChatResponseError,
  sendChatMessage,
} from '@/api/chat';
import { apiErrorMessage } from '@/api/errors';
import { useRealtimeEvent } from '@/realtime/useRealtimeChannel';
import { applyRead, type ChatSide, mergeMessages } from './messages';
import { useBackupSync } from './useBackupSync';
import { useMarkConversationRead } from './useMarkConversationRead';

/** SPEC §8: a message list that failed without the server's own words. */
export const LOAD_FAILED = 'Failed to load messages.';

export interface ConversationOptions {
  /** The customer whose conversation this is (for a customer: their own id). */
  customerId: number;
  side: ChatSide;
  enabled?: boolean;
  /** Called after the other side's messages were marked read (e.g. to clear an unread badge). */
  onMarkedRead?: () => void;
}

export interface SendInput {
  message: string;
  attachments: string[];
}

type Pages = InfiniteData<ChatPage, number>;

const isUnauthorized = (error: unknown): boolean => isAxiosError(error) && error.response?.status === 401;

/** The text to show for a failed list: SPEC §8's malformed-answer text, the server's, or the fallback. */
export function loadErrorMessage(error: unknown): string {
  return error instanceof InvalidChatResponseError ? INVALID_RESPONSE : apiErrorMessage(error, LOAD_FAILED);
}

/**
 * One conversation (SPEC §2 Chat): its pages, newest first (`GET /chat/messages`), merged by id with
 * what arrives on the realtime link (`message.sent`, `message.read`), from polling while the link is
 * down (SPEC §4) and from our own sends; marked read while it is on screen.
 */
export function useConversation({ customerId, side, enabled = true, onMarkedRead }: ConversationOptions) {
  const client = useQueryClient();
  const apiCustomerId = side === 'staff' ? customerId : undefined;
  const queryKey = useMemo(() => chatKeys.messages(apiCustomerId ?? null), [apiCustomerId]);
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => getChatMessages({ page: pageParam, customerId: apiCustomerId }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastParam) => (last.next_page_url ? lastParam + 1 : undefined),
    enabled,
    // A malformed answer is shown at once (SPEC §8); others retry once after 5 s, as everywhere.
    retry: (count, error) =>
      count < 1 && !(error instanceof InvalidChatResponseError) && !isUnauthorized(error),
    // A conversation reopened later may have moved on without us listening; show it, then refresh.
    staleTime: 0,
  });

  // What arrived outside the pages; kept beside the cache so a push landing while page 1 is still
  // loading is not lost when that page arrives.
  const [live, setLive] = useState<ChatMessage[]>([]);

  const receive = useCallback(
    (incoming: ChatMessage[]) => {
      if (incoming.length === 0) return;
      setLive((held) => mergeMessages(held, incoming));
      client.setQueryData<Pages>(queryKey, (old) => {
        const [first, ...rest] = old?.pages ?? [];
        if (!old || !first) return old;
        return { ...old, pages: [{ ...first, data: mergeMessages(first.data, incoming) }, ...rest] };
      });
    },
    [client, queryKey],
  );

  const markRead = useCallback(
    (ids: number[], readAt: string) => {
      if (ids.length === 0) return;
      setLive((held) => applyRead(held, ids, readAt));
      client.setQueryData<Pages>(queryKey, (old) =>
        old ? { ...old, pages: old.pages.map((p) => ({ ...p, data: applyRead(p.data, ids, readAt) })) } : old,
      );
    },
    [client, queryKey],
  );

  const messages = useMemo(() => {
    const pages = query.data?.pages ?? [];
    return mergeMessages(...[...pages].reverse().map((p) => p.data), live);
  }, [query.data, live]);
  const latestMessages = useRef(messages);
  latestMessages.current = messages;

  useRealtimeEvent('message.sent', (payload) => {
    const parsed = chatSentEventSchema.safeParse(payload);
    if (parsed.success && parsed.data.message.customer_id === customerId) receive([parsed.data.message]);
  });
  useRealtimeEvent('message.read', (payload) => {
    const parsed = chatReadEventSchema.safeParse(payload);
    if (parsed.success && parsed.data.customer_id === customerId) {
      markRead(parsed.data.message_ids, parsed.data.read_at);
    }
  });

  const fetchNew = useCallback(async () => {
    // An empty conversation asks from the beginning of time.
    const after = latestMessages.current.at(-1)?.created_at ?? '0';
    try {
      const page = await getChatMessages({ customerId: apiCustomerId, after });
      receive(page.data);
    } catch (error) {
      console.warn('Chat polling failed', error);
    }
  }, [apiCustomerId, receive]);

  const ready = query.data !== undefined;
  const { refetch } = query;
  // Polling asks only for new messages; back on the live link, the loaded pages are read again
  // so receipts given meanwhile show too (a read copy wins when merged).
  const catchUp = useCallback(async () => {
    await fetchNew();
    await refetch();
  }, [fetchNew, refetch]);
  useBackupSync({ enabled, ready, fetchNew, catchUp });

  const latestOnMarkedRead = useRef(onMarkedRead);
  latestOnMarkedRead.current = onMarkedRead;
  useMarkConversationRead({
    enabled: enabled && ready,
    messages,
    side,
    customerId,
    onRead: (ids, readAt) => {
      markRead(ids, readAt);
      latestOnMarkedRead.current?.();
    },
  });

  const send = useCallback(
    async (input: SendInput): Promise<ChatMessage> => {
      const message = await sendChatMessage(
        apiCustomerId === undefined ? input : { ...input, customer_id: apiCustomerId },
      );
      receive([message]);
      return message;
    },
    [apiCustomerId, receive],
  );

  const { fetchNextPage } = query;
  return {
    messages,
    isLoading: query.isPending && enabled,
    loadError: query.data === undefined && query.isError ? loadErrorMessage(query.error) : null,
    olderError: query.data !== undefined && query.isFetchNextPageError ? loadErrorMessage(query.error) : null,
    hasOlder: query.hasNextPage,
    loadingOlder: query.isFetchingNextPage,
    loadOlder: useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]),
    retry: useCallback(() => void refetch(), [refetch]),
    send,
  };
}

export type ConversationState = ReturnType<typeof useConversation>;
