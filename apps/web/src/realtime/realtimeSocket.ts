import {
  PRIVATE_CHANNEL_PREFIX,
  REALTIME_EVENTS,
  REALTIME_NAMESPACE,
  type RealtimeAck,
} from '@openbroker/domain';
import { create } from 'zustand';
import { api } from '@/api/client';
import { currentSocketOrigin } from './pricesKey';
import { CONNECTION_FAILED, PRICES_SOCKET_PATH } from './pricesSocket';

/** SPEC §4 "Realtime connection". */
export type RealtimeStatus = 'disconnected' | 'connecting' | 'connected' | 'failed';

export interface RealtimeState {
  status: RealtimeStatus;
  error: string | null;
}

/** The pub/sub link's state: trade lists poll only while it is not connected (SPEC §4). */
export const useRealtimeStore = create<RealtimeState>()(() => ({ status: 'disconnected', error: null }));

/** The events a page reacts to; each private channel's event arrives here once subscribed. */
export interface RealtimeHandlers {
  onTradeUpdated(): void;
  onUserUpdated(): void;
  onNotification(payload: unknown): void;
  onStatus?(status: RealtimeStatus, error: string | null): void;
}

type Listener = (...args: unknown[]) => void;

/** The little of a Socket.IO client this module uses, so tests can hand in a fake. */
export interface RealtimeSocket {
  readonly id: string | undefined;
  on(event: string, listener: Listener): void;
  onManager(event: 'reconnect_failed', listener: Listener): void;
  emit(event: string, payload: unknown, ack: (answer: RealtimeAck) => void): void;
  disconnect(): void;
}

export interface RealtimeOptions {
  createSocket?: (url: string) => RealtimeSocket | Promise<RealtimeSocket>;
  /** `POST /broadcasting/auth`: the channel signature for this socket. */
  authorize?: (socketId: string, channel: string) => Promise<string>;
}

async function defaultSocket(url: string): Promise<RealtimeSocket> {
  const { io } = await import('socket.io-client');
  const socket = io(url, {
    path: PRICES_SOCKET_PATH,
    transports: ['websocket'],
    withCredentials: true,
    reconnectionAttempts: 5,
    reconnectionDelay: 2_000,
    timeout: 10_000,
  });
  return {
    get id() {
      return socket.id;
    },
    on: (event, listener) => socket.on(event, listener),
    onManager: (event, listener) => socket.io.on(event, listener),
    emit: (event, payload, ack) => socket.emit(event, payload, ack),
    disconnect: () => socket.disconnect(),
  };
}

async function defaultAuthorize(socketId: string, channel: string): Promise<string> {
  const res = await api.post<{ auth: string }>('/broadcasting/auth', {
    socket_id: socketId,
    channel_name: channel,
  });
  return res.data.auth;
}

/**
 * Connects the user's private channels (SPEC §7: `trade.{id}`, `user.{id}`, `notification.{id}`),
 * each authorized by the server for this socket, and routes their events. Returns the disconnect.
 */
export function connectRealtime(
  userId: number,
  handlers: RealtimeHandlers,
  options: RealtimeOptions = {},
): () => void {
  const createSocket = options.createSocket ?? defaultSocket;
  const authorize = options.authorize ?? defaultAuthorize;
  const setStatus = (status: RealtimeStatus, error: string | null = null) => {
    useRealtimeStore.setState({ status, error });
    handlers.onStatus?.(status, error);
  };
  let socket: RealtimeSocket | undefined;
  let closed = false;
  setStatus('connecting');

  const subscribe = async (s: RealtimeSocket) => {
    const id = s.id;
    if (!id) return;
    for (const kind of ['trade', 'user', 'notification'] as const) {
      const channel = `${PRIVATE_CHANNEL_PREFIX}${kind}.${userId}`;
      try {
        const auth = await authorize(id, channel);
        s.emit(REALTIME_EVENTS.subscribe, { channel, auth }, (ack) => {
          if (!ack.ok) console.warn(`realtime: ${channel} refused: ${ack.message}`);
        });
      } catch (e) {
        // SPEC §8: a failed channel authorization is reported to the realtime client as an error.
        console.warn(`realtime: authorizing ${channel} failed`, e);
      }
    }
  };

  void Promise.resolve(createSocket(`${currentSocketOrigin()}${REALTIME_NAMESPACE}`)).then((s) => {
    if (closed) {
      s.disconnect();
      return;
    }
    socket = s;
    s.on('connect', () => {
      setStatus('connected');
      void subscribe(s);
    });
    s.on('disconnect', () => {
      if (!closed) setStatus('connecting');
    });
    s.onManager('reconnect_failed', () => setStatus('failed', CONNECTION_FAILED));
    s.on(REALTIME_EVENTS.tradeUpdated, () => handlers.onTradeUpdated());
    s.on(REALTIME_EVENTS.userUpdated, () => handlers.onUserUpdated());
    s.on(REALTIME_EVENTS.notificationMessage, (payload) => handlers.onNotification(payload));
  });

  return () => {
    closed = true;
    socket?.disconnect();
    setStatus('disconnected');
  };
}
