import type { CheckResult } from './checkTypes';
import { formatDuration } from './checkTypes';

/** The states both socket clients report (`failed`: reconnecting gave up). */
export type SocketStatus = 'disconnected' | 'connecting' | 'connected' | 'failed';

export interface SocketObservation {
  key: string;
  title: string;
  status: SocketStatus;
  error: string | null;
  /** When this page last saw a message on the socket (ms since the epoch); null if none yet. */
  lastMessageAt: number | null;
  /** When this page started watching, so "no message" can be told from "no message for a while". */
  watchingSince: number;
  now: number;
  /**
   * How long a connected socket may stay silent before it is worth a warning; null when silence
   * is normal (the realtime link only speaks when something happens on the account).
   */
  quietAfterMs: number | null;
}

/** The price socket ticks several times a second while markets are open. */
export const PRICES_QUIET_AFTER_MS = 15_000;

function lastMessage(o: SocketObservation): string {
  if (o.lastMessageAt !== null) return `${formatDuration(o.now - o.lastMessageAt)} ago`;
  return `none since this page opened ${formatDuration(o.now - o.watchingSince)} ago`;
}

/**
 * A live socket's check: its state, transport and the age of its last message. The socket
 * protocol has no ping message, so the round trip is the API's (measured above).
 */
export function summarizeSocket(o: SocketObservation): CheckResult {
  const state = o.status === 'failed' ? 'disconnected' : o.status;
  const rows = [
    { label: 'State', value: o.status === 'failed' ? `disconnected (${o.error ?? 'failed'})` : state },
    // Both clients are built websocket-only (DESIGN §5), so there is no long-polling to fall back to.
    { label: 'Transport', value: o.status === 'connected' ? 'WebSocket' : '—' },
    { label: 'Last message', value: lastMessage(o) },
    { label: 'Round trip', value: 'not measured (see API latency)' },
  ];
  const base = { key: o.key, title: o.title, rows };
  if (o.status === 'connecting') {
    return {
      ...base,
      level: 'warning',
      summary: 'Connecting… If this lasts, a firewall or proxy may block WebSockets.',
    };
  }
  if (o.status !== 'connected') {
    return { ...base, level: 'failed', summary: o.error ? `Disconnected: ${o.error}.` : 'Disconnected.' };
  }
  const silentFor = o.now - (o.lastMessageAt ?? o.watchingSince);
  if (o.quietAfterMs !== null && silentFor > o.quietAfterMs) {
    return {
      ...base,
      level: 'warning',
      summary: `Connected, but nothing received for ${formatDuration(silentFor)} (normal only while markets are closed).`,
    };
  }
  return { ...base, level: 'ok', summary: 'Connected.' };
}
