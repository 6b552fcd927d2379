import {
  PRIVATE_CHANNEL_PREFIX,
  PROTOCOL_VERSION,
  PUBLIC_CHANNEL_PREFIX,
  REALTIME_EVENTS,
  REALTIME_NAMESPACE,
  type RealtimeClientEvents,
  type RealtimeHandshake,
  type RealtimeServerEvents,
  SITE_NOTICES_CHANNEL,
} from '@openbroker/domain';
import type { Socket } from 'socket.io-client';
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
  /** `error` is the failure's reason when the transport gave one (SPEC §4 connection toasts). */
  onStatus?(status: RealtimeStatus, error: string | null): void;
}

/** SPEC §9 "retry after failure 5 s": once reconnecting gives up, a new attempt starts after this. */
export const REALTIME_RETRY_AFTER_FAILURE_MS = 5_000;

/** Payloads are read as unknown: the server's frames are checked where they are used. */
type Listener = (...args: unknown[]) => void;

/** What a client hears on `/realtime`: the domain protocol's server messages and Socket.IO's own. */
export type RealtimeSocketEvent = keyof RealtimeServerEvents | 'connect' | 'connect_error' | 'disconnect';

/** The little of a Socket.IO client this module uses, so tests can hand in a fake. */
export interface RealtimeSocket {
  readonly id: string | undefined;
  on(event: RealtimeSocketEvent, listener: Listener): void;
  onManager(event: 'reconnect_failed', listener: Listener): void;
  emit<E extends keyof RealtimeClientEvents>(event: E, ...args: Parameters<RealtimeClientEvents[E]>): void;
  /** Starts connecting again after reconnecting gave up. */
  connect(): void;
  disconnect(): void;
}

/** Events of channels other than the user's own three, delivered to whoever listens for them. */
const CHANNEL_EVENTS = [
  REALTIME_EVENTS.messageSent,
  REALTIME_EVENTS.messageRead,
  REALTIME_EVENTS.adminChanged,
] as const;
export type ChannelEvent = (typeof CHANNEL_EVENTS)[number];

/** Channels pages hold open (chat), counted so two holders of one channel share the subscription. */
const heldChannels = new Map<string, number>();
const eventListeners = new Map<ChannelEvent, Set<(payload: unknown) => void>>();
/** Subscribes a channel on the live socket; set while a link is up. */
let subscribeNow: ((channel: string) => void) | null = null;
let unsubscribeNow: ((channel: string) => void) | null = null;

/**
 * Keeps `channel` (e.g. `private-chat.customer.7`) subscribed on every (re)connection until the
 * returned release is called.
 */
export function holdRealtimeChannel(channel: string): () => void {
  const holders = heldChannels.get(channel) ?? 0;
  heldChannels.set(channel, holders + 1);
  if (holders === 0) subscribeNow?.(channel);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (heldChannels.get(channel) ?? 1) - 1;
    if (left > 0) {
      heldChannels.set(channel, left);
      return;
    }
    heldChannels.delete(channel);
    unsubscribeNow?.(channel);
  };
}

/** Listens for a channel event (`message.sent`, `message.read`, `admin.changed`); returns the stop function. */
export function onRealtimeEvent(event: ChannelEvent, listener: (payload: unknown) => void): () => void {
  let set = eventListeners.get(event);
  if (!set) {
    set = new Set();
    eventListeners.set(event, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

function dispatch(event: ChannelEvent, payload: unknown): void {
  for (const listener of eventListeners.get(event) ?? []) listener(payload);
}

export interface RealtimeOptions {
  createSocket?: (url: string) => RealtimeSocket | Promise<RealtimeSocket>;
  /** `POST /broadcasting/auth`: the channel signature for this socket. */
  authorize?: (socketId: string, channel: string) => Promise<string>;
}

async function defaultSocket(url: string): Promise<RealtimeSocket> {
  const { io } = await import('socket.io-client');
  const auth: RealtimeHandshake = { protocol: PROTOCOL_VERSION };
  const socket: Socket<RealtimeServerEvents, RealtimeClientEvents> = io(url, {
    path: PRICES_SOCKET_PATH,
    transports: ['websocket'],
    auth,
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
    emit: (event, ...args) => socket.emit(event, ...args),
    connect: () => socket.connect(),
    disconnect: () => socket.disconnect(),
  };
}

function isProtocolRefusal(error: unknown): boolean {
  if (!(error instanceof Error) || !('data' in error)) return false;
  const { data } = error;
  return typeof data === 'object' && data !== null && 'code' in data && data.code === 'UNSUPPORTED_PROTOCOL';
}

async function defaultAuthorize(socketId: string, channel: string): Promise<string> {
  const res = await api.post<{ auth: string }>('/broadcasting/auth', {
    socket_id: socketId,
    channel_name: channel,
  });
  return res.data.auth;
}

/** The user's own channels (SPEC §7); staff hold no trading account, so no trade channel. */
function ownChannels(userId: number, staff: boolean): string[] {
  const kinds = staff ? (['user', 'notification'] as const) : (['trade', 'user', 'notification'] as const);
  return kinds.map((kind) => `${PRIVATE_CHANNEL_PREFIX}${kind}.${userId}`);
}

/**
 * Connects the user's private channels (SPEC §7: `trade.{id}`, `user.{id}`, `notification.{id}`),
 * the public site-wide notices (their `notification.message` arrives like the user's own) and every
 * channel a page holds, each authorized by the server for this socket, and routes their
 * events. After reconnecting gives up it tries again every 5 s. Returns the disconnect.
 */
export function connectRealtime(
  userId: number,
  handlers: RealtimeHandlers,
  options: RealtimeOptions & { staff?: boolean } = {},
): () => void {
  const createSocket = options.createSocket ?? defaultSocket;
  const authorize = options.authorize ?? defaultAuthorize;
  const setStatus = (status: RealtimeStatus, error: string | null = null) => {
    useRealtimeStore.setState({ status, error });
    handlers.onStatus?.(status, error);
  };
  let socket: RealtimeSocket | undefined;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let lastError: string | null = null;
  setStatus('connecting');

  const subscribe = async (s: RealtimeSocket, channel: string) => {
    const id = s.id;
    if (!id) return;
    if (channel.startsWith(PUBLIC_CHANNEL_PREFIX)) {
      s.emit(REALTIME_EVENTS.subscribe, { channel }, () => {});
      return;
    }
    try {
      const auth = await authorize(id, channel);
      s.emit(REALTIME_EVENTS.subscribe, { channel, auth }, (ack) => {
        if (!ack.ok) console.warn(`realtime: ${channel} refused: ${ack.message}`);
      });
    } catch (e) {
      // SPEC §8: a failed channel authorization is reported to the realtime client as an error.
      console.warn(`realtime: authorizing ${channel} failed`, e);
    }
  };

  void Promise.resolve(createSocket(`${currentSocketOrigin()}${REALTIME_NAMESPACE}`)).then((s) => {
    if (closed) {
      s.disconnect();
      return;
    }
    socket = s;
    s.on('connect', () => {
      lastError = null;
      setStatus('connected');
      subscribeNow = (channel) => void subscribe(s, channel);
      unsubscribeNow = (channel) => s.emit(REALTIME_EVENTS.unsubscribe, { channel }, () => {});
      const channels = [
        ...ownChannels(userId, options.staff ?? false),
        SITE_NOTICES_CHANNEL,
        ...heldChannels.keys(),
      ];
      for (const channel of channels) {
        void subscribe(s, channel);
      }
    });
    s.on('disconnect', () => {
      subscribeNow = null;
      unsubscribeNow = null;
      if (!closed) setStatus('connecting');
    });
    s.on('connect_error', (e) => {
      lastError = e instanceof Error && e.message ? e.message : null;
      // A server of another protocol version refuses the handshake and Socket.IO does not retry:
      // fail at once with its message (reload the page) rather than wait for reconnects.
      if (isProtocolRefusal(e)) setStatus('failed', lastError ?? CONNECTION_FAILED);
    });
    s.onManager('reconnect_failed', () => {
      setStatus('failed', lastError ?? CONNECTION_FAILED);
      retry = setTimeout(() => {
        if (closed) return;
        setStatus('connecting');
        s.connect();
      }, REALTIME_RETRY_AFTER_FAILURE_MS);
    });
    s.on(REALTIME_EVENTS.tradeUpdated, () => handlers.onTradeUpdated());
    s.on(REALTIME_EVENTS.userUpdated, () => handlers.onUserUpdated());
    s.on(REALTIME_EVENTS.notificationMessage, (payload) => handlers.onNotification(payload));
    for (const event of CHANNEL_EVENTS) s.on(event, (payload) => dispatch(event, payload));
  });

  return () => {
    closed = true;
    clearTimeout(retry);
    subscribeNow = null;
    unsubscribeNow = null;
    socket?.disconnect();
    setStatus('disconnected');
  };
}
