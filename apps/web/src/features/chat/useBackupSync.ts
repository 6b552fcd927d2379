import { useEffect, useRef } from 'react';
import { useRealtimeStore } from '@/realtime/realtimeSocket';

/** SPEC §9: the chat polls every 5 s while the realtime link is down. */
export const CHAT_POLL_MS = 5_000;
/**
 * When the link comes back its channels are re-authorized and subscribed in a round trip or two;
 * the catch-up fetch waits this long so a message sent meanwhile is not missed by both.
 */
export const CHAT_CATCH_UP_DELAY_MS = 1_000;

/** SPEC §4: polling is in use while the realtime link is not connected. */
export const useUsingBackup = (): boolean => useRealtimeStore((s) => s.status !== 'connected');

/**
 * The chat's backup connection (SPEC §4 Chat, §9): while the realtime link is not connected,
 * `fetchNew` runs every 5 s; once it connects again, `catchUp` (default `fetchNew`) runs once, and
 * polling stops. `ready` is false until the conversation's first page is held.
 */
export function useBackupSync(options: {
  enabled: boolean;
  ready: boolean;
  fetchNew: () => Promise<void>;
  /** Also picks up what polling cannot see, such as read receipts given while the link was down. */
  catchUp?: () => Promise<void>;
}): void {
  const { enabled, ready } = options;
  const connected = useRealtimeStore((s) => s.status === 'connected');
  const latest = useRef(options.fetchNew);
  latest.current = options.fetchNew;
  const latestCatchUp = useRef(options.catchUp ?? options.fetchNew);
  latestCatchUp.current = options.catchUp ?? options.fetchNew;
  const wasDown = useRef(false);

  useEffect(() => {
    if (!enabled || !ready || connected) return;
    const timer = setInterval(() => void latest.current(), CHAT_POLL_MS);
    return () => clearInterval(timer);
  }, [enabled, ready, connected]);

  useEffect(() => {
    if (!enabled || !ready) return;
    if (!connected) {
      wasDown.current = true;
      return;
    }
    if (!wasDown.current) return;
    const timer = setTimeout(() => {
      wasDown.current = false;
      void latestCatchUp.current();
    }, CHAT_CATCH_UP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled, ready, connected]);
}
