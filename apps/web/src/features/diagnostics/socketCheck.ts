import { i18n } from '@/i18n/i18n';
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
  if (o.lastMessageAt !== null) {
    return i18n.t('account:diagnostics.socket.ago', { duration: formatDuration(o.now - o.lastMessageAt) });
  }
  return i18n.t('account:diagnostics.socket.none', { duration: formatDuration(o.now - o.watchingSince) });
}

/**
 * A live socket's check: its state, transport and the age of its last message. The socket
 * protocol has no ping message, so the round trip is the API's (measured above).
 */
export function summarizeSocket(o: SocketObservation): CheckResult {
  const state = i18n.t(
    `account:diagnostics.socket.states.${o.status === 'failed' ? 'disconnected' : o.status}`,
  );
  const failed = i18n.t('account:diagnostics.socket.disconnectedWith', {
    error: o.error ?? i18n.t('account:diagnostics.socket.failed'),
  });
  const rows = [
    { label: i18n.t('account:diagnostics.socket.state'), value: o.status === 'failed' ? failed : state },
    // Both clients are built websocket-only (DESIGN §5), so there is no long-polling to fall back to.
    {
      label: i18n.t('account:diagnostics.socket.transport'),
      value: o.status === 'connected' ? 'WebSocket' : '—',
    },
    { label: i18n.t('account:diagnostics.socket.lastMessage'), value: lastMessage(o) },
    {
      label: i18n.t('account:diagnostics.socket.roundTrip'),
      value: i18n.t('account:diagnostics.socket.notMeasured'),
    },
  ];
  const base = { key: o.key, title: o.title, rows };
  if (o.status === 'connecting') {
    return {
      ...base,
      level: 'warning',
      summary: i18n.t('account:diagnostics.socket.connecting'),
    };
  }
  if (o.status !== 'connected') {
    const summary = o.error
      ? i18n.t('account:diagnostics.socket.disconnectedError', { error: o.error })
      : i18n.t('account:diagnostics.socket.disconnected');
    return { ...base, level: 'failed', summary };
  }
  const silentFor = o.now - (o.lastMessageAt ?? o.watchingSince);
  if (o.quietAfterMs !== null && silentFor > o.quietAfterMs) {
    return {
      ...base,
      level: 'warning',
      summary: i18n.t('account:diagnostics.socket.quiet', { duration: formatDuration(silentFor) }),
    };
  }
  return { ...base, level: 'ok', summary: i18n.t('account:diagnostics.socket.ok') };
}
