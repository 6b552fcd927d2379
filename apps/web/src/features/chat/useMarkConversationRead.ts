import type { ChatMessage } from '@openbroker/domain';
import { useEffect, useRef, useState } from 'react';
import { markChatRead } from '@/api/chat';
import { type ChatSide, isOwnSide } from './messages';
import { useDocumentVisible } from './useDocumentVisible';

export interface MarkReadOptions {
  enabled: boolean;
  messages: readonly ChatMessage[];
  side: ChatSide;
  /** Staff name the conversation; a customer's is their own. */
  customerId: number;
  onRead: (ids: number[], readAt: string) => void;
}

/**
 * `POST /chat/read` whenever the open conversation is on screen and holds messages from the other
 * side that are not read yet: on opening, on each new one, and when the tab comes back into view.
 * The same set of unread ids is never asked about twice, so a server that marks nothing cannot
 * make this loop.
 */
export function useMarkConversationRead({
  enabled,
  messages,
  side,
  customerId,
  onRead,
}: MarkReadOptions): void {
  const visible = useDocumentVisible();
  const unreadKey = messages
    .filter((m) => !isOwnSide(m, side) && m.read_at === null)
    .map((m) => m.id)
    .join(',');
  const attempted = useRef('');
  const inFlight = useRef(false);
  const [settled, setSettled] = useState(0);
  const latestOnRead = useRef(onRead);
  latestOnRead.current = onRead;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `settled` re-runs the check after a call ends.
  useEffect(() => {
    if (!enabled || !visible || unreadKey === '' || inFlight.current || attempted.current === unreadKey)
      return;
    attempted.current = unreadKey;
    inFlight.current = true;
    markChatRead(side === 'staff' ? customerId : undefined)
      .then((ids) => latestOnRead.current(ids, new Date().toISOString()))
      .catch((error: unknown) => console.warn('Could not mark chat messages read', error))
      .finally(() => {
        inFlight.current = false;
        setSettled((n) => n + 1);
      });
  }, [enabled, visible, unreadKey, side, customerId, settled]);
}
