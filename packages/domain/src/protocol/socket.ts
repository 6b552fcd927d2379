import type { LivePriceUpdate } from '../market/liveQuote.ts';
import type { ChatReadEvent, ChatSentEvent } from '../schemas/chat.ts';
import type { NotificationColor } from '../schemas/notifications.ts';
import type {
  REALTIME_EVENTS,
  REALTIME_NAMESPACE,
  RealtimeAck,
  RealtimeSubscription,
} from '../schemas/realtime.ts';
import type { AdminChange } from './bus.ts';
import type { PriceFrameFormat } from './packedPrices.ts';
import type {
  CandleSubscription,
  CandleUpdate,
  PRICE_EVENTS,
  PRICES_NAMESPACE,
  PriceSocketError,
  PriceSubscription,
  PricesCatalogue,
} from './prices.ts';

/**
 * The version of the socket protocol below. A client sends it in its handshake
 * (`auth: { protocol: PROTOCOL_VERSION }`); a server refuses any other (or none), so a page
 * loaded before an upgrade is told to reload instead of misreading frames. Bump it on any change
 * to a message's name or shape that an older client could not read.
 */
export const PROTOCOL_VERSION = 1;

/** `connect_error`'s `data` when the handshake carries another protocol version. */
export interface ProtocolRefusal {
  code: 'UNSUPPORTED_PROTOCOL';
  message: string;
  /** The version this server speaks. */
  supported: number;
}

/**
 * Why a handshake's `protocol` is refused, or null when it is the one spoken here. Missing counts
 * as wrong: every client built from this repository sends it.
 */
export function protocolRefusal(received: unknown): ProtocolRefusal | null {
  if (received === PROTOCOL_VERSION) return null;
  const shown =
    typeof received === 'number' || (typeof received === 'string' && received.length <= 20)
      ? String(received)
      : 'none';
  return {
    code: 'UNSUPPORTED_PROTOCOL',
    message: `Unsupported protocol version ${shown}; this server speaks ${PROTOCOL_VERSION}. Reload the page.`,
    supported: PROTOCOL_VERSION,
  };
}

type PriceEvents = typeof PRICE_EVENTS;
type RealtimeEvents = typeof REALTIME_EVENTS;

/** SPEC §3 Notification as `notification.message` pushes it: ids are numbers, 'temp-…' for notices. */
export interface NotificationMessage {
  id: number | string;
  title: string;
  message: string;
  color: NotificationColor;
  read: boolean;
}

/**
 * Every message a client sends, by namespace. `ack` is the answer of an acknowledged emit. The
 * server still validates each payload: the types say what a correct client sends, not what arrives.
 */
export type ClientToServer =
  | { namespace: typeof PRICES_NAMESPACE; event: PriceEvents['subscribeAll'] }
  | { namespace: typeof PRICES_NAMESPACE; event: PriceEvents['subscribe']; payload: PriceSubscription }
  | { namespace: typeof PRICES_NAMESPACE; event: PriceEvents['unsubscribe']; payload: PriceSubscription }
  | {
      namespace: typeof PRICES_NAMESPACE;
      event: PriceEvents['subscribeCandles'];
      payload: CandleSubscription;
    }
  | { namespace: typeof PRICES_NAMESPACE; event: PriceEvents['unsubscribeCandles'] }
  | {
      namespace: typeof REALTIME_NAMESPACE;
      event: RealtimeEvents['subscribe'];
      payload: RealtimeSubscription;
      ack: RealtimeAck;
    }
  | {
      namespace: typeof REALTIME_NAMESPACE;
      event: RealtimeEvents['unsubscribe'];
      payload: Pick<RealtimeSubscription, 'channel'>;
      ack: RealtimeAck;
    };

/** Every message a server sends, by namespace (SPEC §7, DESIGN §5). */
export type ServerToClient =
  | { namespace: typeof PRICES_NAMESPACE; event: PriceEvents['all']; payload: PricesCatalogue }
  | { namespace: typeof PRICES_NAMESPACE; event: PriceEvents['update']; payload: LivePriceUpdate[] }
  /** `data:update`'s updates packed (packedPrices.ts), instead of it, to a socket that asked. */
  | { namespace: typeof PRICES_NAMESPACE; event: PriceEvents['packed']; payload: number[] }
  | { namespace: typeof PRICES_NAMESPACE; event: PriceEvents['candle']; payload: CandleUpdate }
  | { namespace: typeof PRICES_NAMESPACE; event: PriceEvents['error']; payload: PriceSocketError }
  | {
      namespace: typeof REALTIME_NAMESPACE;
      event: RealtimeEvents['tradeUpdated'];
      payload: { trade_id: number };
    }
  | {
      namespace: typeof REALTIME_NAMESPACE;
      event: RealtimeEvents['userUpdated'];
      payload: { user_id: number };
    }
  | {
      namespace: typeof REALTIME_NAMESPACE;
      event: RealtimeEvents['notificationMessage'];
      payload: NotificationMessage;
    }
  | { namespace: typeof REALTIME_NAMESPACE; event: RealtimeEvents['messageSent']; payload: ChatSentEvent }
  | { namespace: typeof REALTIME_NAMESPACE; event: RealtimeEvents['messageRead']; payload: ChatReadEvent }
  | { namespace: typeof REALTIME_NAMESPACE; event: RealtimeEvents['adminChanged']; payload: AdminChange };

type SocketMessage = { namespace: string; event: string; payload?: unknown; ack?: unknown };

/** The listener Socket.IO calls for one message: payload (if any), then the ack callback (if any). */
type ListenerOf<M extends SocketMessage> = M extends { ack: infer A }
  ? (payload: M['payload'], ack: (answer: A) => void) => void
  : M extends { payload: infer P }
    ? (payload: P) => void
    : () => void;

/** A Socket.IO typed-events map (`event → listener`) of the messages of one namespace. */
export type EventsMap<M extends SocketMessage, N extends string> = {
  [K in Extract<M, { namespace: N }> as K['event']]: ListenerOf<K>;
};

/** `/prices`: for `Namespace<PricesClientEvents, PricesServerEvents>` and `Socket<PricesServerEvents, PricesClientEvents>`. */
export type PricesClientEvents = EventsMap<ClientToServer, typeof PRICES_NAMESPACE>;
export type PricesServerEvents = EventsMap<ServerToClient, typeof PRICES_NAMESPACE>;
/** `/realtime`: the same for the pub/sub namespace. */
export type RealtimeClientEvents = EventsMap<ClientToServer, typeof REALTIME_NAMESPACE>;
export type RealtimeServerEvents = EventsMap<ServerToClient, typeof REALTIME_NAMESPACE>;

/** The handshake `auth` of each namespace. */
export interface PricesHandshake {
  key: string;
  protocol: number;
  /**
   * 'packed': price updates come as `data:packed` (packedPrices.ts) instead of `data:update`;
   * absent, SPEC §7's objects. `subscribe:all` and `data:all` are the same either way.
   */
  format?: PriceFrameFormat;
}
export interface RealtimeHandshake {
  protocol: number;
}
