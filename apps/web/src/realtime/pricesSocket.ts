import {
  CANDLE_INTERVALS,
  type Candle,
  type CandleInterval,
  PACKED_PRICE_FORMAT,
  PRICE_EVENTS,
  PRICES_NAMESPACE,
  PROTOCOL_VERSION,
  type PricesClientEvents,
  type PricesHandshake,
  type PricesServerEvents,
  unpackPriceUpdates,
} from '@openbroker/domain';
import type { Socket } from 'socket.io-client';
import { z } from 'zod';
import { type Asset, parseAssetList } from '@/api/assets';
import { useAssetStore } from '@/stores/assetStore';
import { type PriceStore, priceStore } from '@/stores/priceStore';
import { type PriceInterest, priceInterest } from './priceInterest';
import { currentPricesKey, currentSocketOrigin } from './pricesKey';

/** SPEC §7/§9 live price socket: reconnect attempts, delay between them, connect timeout. */
export const PRICES_RECONNECT_ATTEMPTS = 5;
export const PRICES_RECONNECT_DELAY_MS = 2_000;
export const PRICES_CONNECT_TIMEOUT_MS = 10_000;
export const PRICES_SOCKET_PATH = '/socket.io';

/** SPEC §4 "Realtime connection": the failure message when the socket gives none. */
export const CONNECTION_FAILED = 'Connection failed';

export type PricesStatus = 'disconnected' | 'connecting' | 'connected' | 'failed';

export interface PricesConnectionState {
  status: PricesStatus;
  /** Why the connection failed; null unless `status` is 'failed'. */
  error: string | null;
}

/** What the optional error callback receives: a socket refusal, a `data:error`, or giving up. */
export interface PricesError {
  code: string;
  message: string;
  /** True when the client has stopped trying (status 'failed'); false for errors it rides out. */
  fatal: boolean;
}

/** Payloads are read as unknown: the server's frames are parsed, not trusted. */
type Listener = (...args: unknown[]) => void;

/** What a client hears on `/prices`: the domain protocol's server messages and Socket.IO's own. */
export type PriceSocketEvent = keyof PricesServerEvents | 'connect' | 'connect_error' | 'disconnect';

/** The little of a Socket.IO client socket this module uses, so tests can hand in a fake. */
export interface PriceSocket {
  readonly connected: boolean;
  /** False once the socket will not reconnect by itself (refused by the server, or closed by us). */
  readonly active: boolean;
  on(event: PriceSocketEvent, listener: Listener): void;
  /** Events of the underlying connection manager ('reconnect_attempt', 'reconnect_failed'). */
  onManager(event: 'reconnect_attempt' | 'reconnect_failed', listener: Listener): void;
  emit<E extends keyof PricesClientEvents>(event: E, ...args: Parameters<PricesClientEvents[E]>): void;
  disconnect(): void;
}

export interface PriceSocketSettings {
  path: string;
  transports: ['websocket'];
  /** The public key and this build's PROTOCOL_VERSION; a server speaking another refuses us. */
  auth: PricesHandshake;
  reconnectionAttempts: number;
  reconnectionDelay: number;
  timeout: number;
}

export type PriceSocketFactory = (
  url: string,
  settings: PriceSocketSettings,
) => PriceSocket | Promise<PriceSocket>;

export interface PricesClientOptions {
  createSocket?: PriceSocketFactory;
  prices?: PriceStore;
  /** Receives each valid `data:all` catalogue; by default the asset store takes it if it has none. */
  onAssets?: (assets: Asset[]) => void;
  onError?: (error: PricesError) => void;
  /** Socket server origin; '' means the page's own. */
  origin?: () => string;
  key?: () => string;
  /** The instruments the page shows; the socket subscribes to these (issue 17). */
  interest?: PriceInterest;
  /**
   * SPEC §7's `subscribe:all`: the whole catalogue (`data:all`) and every update, whatever the page
   * shows. Off by default: a terminal would receive all 2,232 instruments' ticks (issue 17).
   */
  subscribeAll?: boolean;
}

export type CandleListener = (candle: Candle) => void;

export interface PricesClient {
  getState(): PricesConnectionState;
  subscribeState(listener: () => void): () => void;
  /** Opens the socket; does nothing while connected or connecting (SPEC §4). */
  connect(): void;
  disconnect(): void;
  /**
   * Candle updates of one instrument and interval for the chart. The server streams one candle
   * series per socket, so the latest subscription wins while several are open. Returns the unsubscribe.
   */
  subscribeCandles(id: number, interval: CandleInterval, listener: CandleListener): () => void;
}

/** Socket.IO by default, loaded on first connect so public pages never download it. */
const defaultSocketFactory: PriceSocketFactory = async (url, settings) => {
  const { io } = await import('socket.io-client');
  // A connection of its own: the price service has its own reconnect rules (SPEC §7).
  const socket: Socket<PricesServerEvents, PricesClientEvents> = io(url, { ...settings, forceNew: true });
  return {
    get connected() {
      return socket.connected;
    },
    get active() {
      return socket.active;
    },
    on: (event, listener) => {
      socket.on(event, listener);
    },
    onManager: (event, listener) => {
      socket.io.on(event, listener);
    },
    emit: (event, ...args) => {
      socket.emit(event, ...args);
    },
    disconnect: () => {
      socket.disconnect();
    },
  };
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function errorOf(value: unknown, fallbackCode: string, fatal: boolean): PricesError {
  if (isRecord(value)) {
    const data = isRecord(value.data) ? value.data : {};
    const code = typeof data.code === 'string' ? data.code : value.code;
    const message = typeof value.message === 'string' && value.message.trim() ? value.message : null;
    return {
      code: typeof code === 'string' ? code : fallbackCode,
      message: message ?? CONNECTION_FAILED,
      fatal,
    };
  }
  return { code: fallbackCode, message: CONNECTION_FAILED, fatal };
}

const finite = z.number().finite();

/** `candle:update` as the server sends it; anything else is ignored. */
const candleUpdateSchema = z.object({
  id: z.number().int(),
  interval: z.enum(CANDLE_INTERVALS),
  candle: z.object({ time: finite, open: finite, high: finite, low: finite, close: finite, volume: finite }),
});

const candleKey = (id: number, interval: CandleInterval) => `${id}:${interval}`;

interface CandleSeries {
  id: number;
  interval: CandleInterval;
  listeners: Set<CandleListener>;
}

/**
 * The live price client (SPEC §4 "Live prices", §7 "Live price socket", DESIGN §5): connects to the
 * `/prices` namespace over websocket only, subscribes to the instruments the page shows (the
 * interest registry; `subscribeAll` for the whole catalogue), and writes each frame into the price
 * store. First prices come from the REST catalogue and the frame the server sends on `subscribe`.
 */
export function createPricesClient(options: PricesClientOptions = {}): PricesClient {
  const createSocket = options.createSocket ?? defaultSocketFactory;
  const prices = options.prices ?? priceStore;
  const onAssets = options.onAssets ?? ((assets: Asset[]) => useAssetStore.getState().receiveAssets(assets));
  const report = options.onError ?? (() => {});
  const origin = options.origin ?? currentSocketOrigin;
  const key = options.key ?? currentPricesKey;
  const interest = options.interest ?? priceInterest;

  let state: PricesConnectionState = { status: 'disconnected', error: null };
  const stateListeners = new Set<() => void>();
  let socket: PriceSocket | null = null;
  // Bumped by every connect and disconnect, so a socket still being made for an older call is dropped.
  let generation = 0;
  // Insertion order is subscription order, so the last entry is the most recent series.
  const candleSeries = new Map<string, CandleSeries>();
  let candleSubscription: { id: number; interval: CandleInterval } | null = null;

  function setState(status: PricesStatus, error: string | null = null): void {
    if (state.status === status && state.error === error) return;
    state = { status, error };
    for (const listener of [...stateListeners]) listener();
  }

  /** On every (re)connect: the server forgets subscriptions with the old connection. */
  function onConnected(s: PriceSocket): void {
    setState('connected');
    if (options.subscribeAll) s.emit(PRICE_EVENTS.subscribeAll);
    else
      interest.attach({
        subscribe: (ids) => s.emit(PRICE_EVENTS.subscribe, { symbols: ids }),
        unsubscribe: (ids) => s.emit(PRICE_EVENTS.unsubscribe, { symbols: ids }),
      });
    if (candleSubscription) s.emit(PRICE_EVENTS.subscribeCandles, candleSubscription);
  }

  function attach(s: PriceSocket): void {
    const mine = () => s === socket;
    s.on('connect', () => {
      if (mine()) onConnected(s);
    });
    s.on('connect_error', (error) => {
      if (!mine()) return;
      // Not active: the server refused us (e.g. 'Invalid API key'); no retry will follow.
      const failure = errorOf(error, 'CONNECT_ERROR', !s.active);
      report(failure);
      if (failure.fatal) setState('failed', failure.message);
    });
    s.on('disconnect', () => {
      if (!mine()) return;
      if (!options.subscribeAll) interest.attach(null);
      setState(s.active ? 'connecting' : 'disconnected');
    });
    s.onManager('reconnect_attempt', () => {
      if (mine()) setState('connecting');
    });
    s.onManager('reconnect_failed', () => {
      if (!mine()) return;
      report({ code: 'RECONNECT_FAILED', message: CONNECTION_FAILED, fatal: true });
      setState('failed', CONNECTION_FAILED);
    });
    s.on(PRICE_EVENTS.all, (payload) => {
      if (!mine() || !isRecord(payload)) return;
      if (payload.success === false) {
        report(errorOf(payload, 'DATA_ALL_FAILED', false));
        return;
      }
      const assets = parseAssetList(payload.data);
      if (!assets) return;
      prices.applyAll(assets);
      onAssets(assets);
    });
    s.on(PRICE_EVENTS.update, (payload) => {
      if (mine()) prices.applyUpdates(payload);
    });
    // What a packed handshake gets instead of data:update: the same updates, without the keys.
    s.on(PRICE_EVENTS.packed, (payload) => {
      if (mine()) prices.applyUpdates(unpackPriceUpdates(payload));
    });
    s.on(PRICE_EVENTS.error, (payload) => {
      if (mine()) report(errorOf(payload, 'DATA_ERROR', false));
    });
    s.on(PRICE_EVENTS.candle, (payload) => {
      if (!mine()) return;
      const update = candleUpdateSchema.safeParse(payload);
      if (!update.success) return;
      const { id, interval, candle } = update.data;
      const series = candleSeries.get(candleKey(id, interval));
      for (const listener of [...(series?.listeners ?? [])]) listener(candle);
    });
  }

  function adoptSocket(made: PriceSocket, forGeneration: number): void {
    if (forGeneration !== generation) {
      made.disconnect();
      return;
    }
    socket = made;
    attach(made);
    if (made.connected) onConnected(made);
  }

  function emitCandleSubscription(): void {
    if (!socket?.connected) return;
    if (candleSubscription) socket.emit(PRICE_EVENTS.subscribeCandles, candleSubscription);
    else socket.emit(PRICE_EVENTS.unsubscribeCandles);
  }

  return {
    getState: () => state,
    subscribeState(listener) {
      stateListeners.add(listener);
      return () => {
        stateListeners.delete(listener);
      };
    },
    connect() {
      if (state.status === 'connected' || state.status === 'connecting') return;
      socket?.disconnect();
      socket = null;
      generation += 1;
      const mine = generation;
      setState('connecting');
      const settings: PriceSocketSettings = {
        path: PRICES_SOCKET_PATH,
        transports: ['websocket'],
        // Packed frames are about half the bytes of SPEC's objects (issue 17, bench/RESULTS.md
        // "Idle terminal"); subscribe:all keeps SPEC §7's events.
        auth: options.subscribeAll
          ? { key: key(), protocol: PROTOCOL_VERSION }
          : { key: key(), protocol: PROTOCOL_VERSION, format: PACKED_PRICE_FORMAT },
        reconnectionAttempts: PRICES_RECONNECT_ATTEMPTS,
        reconnectionDelay: PRICES_RECONNECT_DELAY_MS,
        timeout: PRICES_CONNECT_TIMEOUT_MS,
      };
      const fail = (error: unknown) => {
        if (mine !== generation) return;
        const failure = errorOf(error, 'CONNECT_ERROR', true);
        report(failure);
        setState('failed', failure.message);
      };
      try {
        const made = createSocket(`${origin()}${PRICES_NAMESPACE}`, settings);
        if (made instanceof Promise) made.then((s) => adoptSocket(s, mine), fail);
        else adoptSocket(made, mine);
      } catch (error) {
        fail(error);
      }
    },
    disconnect() {
      generation += 1;
      const current = socket;
      socket = null;
      if (current && !options.subscribeAll) interest.attach(null);
      current?.disconnect();
      setState('disconnected');
    },
    subscribeCandles(id, interval, listener) {
      const k = candleKey(id, interval);
      const series = candleSeries.get(k) ?? { id, interval, listeners: new Set<CandleListener>() };
      series.listeners.add(listener);
      // Re-inserted at the end: this is now the most recent series.
      candleSeries.delete(k);
      candleSeries.set(k, series);
      candleSubscription = { id, interval };
      emitCandleSubscription();
      return () => {
        if (!series.listeners.delete(listener) || series.listeners.size > 0) return;
        candleSeries.delete(k);
        if (candleSubscription?.id !== id || candleSubscription.interval !== interval) return;
        const latest = [...candleSeries.values()].at(-1);
        candleSubscription = latest ? { id: latest.id, interval: latest.interval } : null;
        emitCandleSubscription();
      };
    },
  };
}

/**
 * The app's one live price client. Failures are only logged (SPEC §8) and shown via its state;
 * each failed retry is not worth a log line, giving up is.
 */
export const pricesClient: PricesClient = createPricesClient({
  onError: (error) => {
    // UNKNOWN_SYMBOL: an instrument staff disabled since the page loaded; the server subscribed
    // the rest, and a disabled instrument has no price to show.
    if (error.fatal || (error.code !== 'CONNECT_ERROR' && error.code !== 'UNKNOWN_SYMBOL')) {
      console.warn(`Live prices: ${error.message} (${error.code})`);
    }
  },
});
