import {
  CANDLE_INTERVALS,
  type CandleInterval,
  candleSubscriptionSchema,
  type LivePriceUpdate,
  PRICE_EVENTS,
  PRICES_NAMESPACE,
  type PriceSocketError,
  type PricesClientEvents,
  type PricesServerEvents,
  priceSubscriptionSchema,
  quote,
} from '@openbroker/domain';
import type { Namespace, Server, Socket } from 'socket.io';
import type { MarketData } from '../feed/MarketData.ts';
import { presentAsset } from '../modules/assets/present.ts';
import type { Bus } from './bus.ts';
import { refuseOtherProtocols } from './protocolGuard.ts';

const ALL_ROOM = 'all';
const symbolRoom = (id: number) => `sym:${id}`;
const candleRoom = (id: number, interval: CandleInterval) => `candles:${id}:${interval}`;

/** The `/prices` namespace with the domain's message maps (protocol/socket.ts). */
export type PricesNamespace = Namespace<PricesClientEvents, PricesServerEvents>;
type PricesSocket = Socket<PricesClientEvents, PricesServerEvents>;

export interface PricesOptions {
  market: MarketData;
  bus: Bus;
  apiKey: string;
  /** One `data:update` frame per window (DESIGN §5). */
  batchMs: number;
}

/**
 * The `/prices` namespace: `subscribe:all` gets every instrument once (`data:all`) and then one
 * `data:update` frame per window with what changed, built once for all receivers.
 */
export function attachPrices(io: Server, opts: PricesOptions): () => void {
  const nsp: PricesNamespace = io.of(PRICES_NAMESPACE);
  const changed = new Set<number>();
  const { market } = opts;
  /** An enabled instrument's id (disabled ones are out of the catalogue). */
  const tradedId = (id: number | undefined) =>
    id !== undefined && market.instrument(id)?.enabled ? id : undefined;
  /**
   * A live update with the dealing prices at the instrument's current spreads, so a spread staff
   * change shows on every screen with the next frame; undefined for a disabled instrument.
   */
  const frame = (id: number): LivePriceUpdate | undefined => {
    const inst = market.instrument(id);
    const q = market.quote(id);
    if (!inst?.enabled || !q) return undefined;
    const { bid, ask } = quote(q.price, inst.buySpread, inst.sellSpread);
    return { ...q, buyPrice: ask, sellPrice: bid };
  };

  nsp.use((socket, next) => {
    const refused = refuseOtherProtocols(socket);
    if (refused) return next(refused);
    const key = socket.handshake.auth?.key ?? socket.handshake.query.key;
    if (key === opts.apiKey) return next();
    const err = new Error('Invalid API key') as Error & { data: PriceSocketError };
    err.data = { code: 'INVALID_API_KEY', message: 'Invalid API key' };
    next(err);
  });

  const fail = (socket: PricesSocket, code: PriceSocketError['code'], message: string) =>
    socket.emit(PRICE_EVENTS.error, { code, message } satisfies PriceSocketError);

  nsp.on('connection', (socket) => {
    socket.on(PRICE_EVENTS.subscribeAll, () => {
      // Already in the room: the updates keep coming, and the snapshot (about 1 MB for the whole
      // catalogue) is sent once per connection, so repeating the call cannot multiply it.
      if (socket.rooms.has(ALL_ROOM)) return;
      const data = market.allInstruments().map((row) => presentAsset(row, market.quote(row.id)));
      socket.emit(PRICE_EVENTS.all, { success: true, data });
      void socket.join(ALL_ROOM);
    });

    const resolve = (payload: unknown): number[] | undefined => {
      const parsed = priceSubscriptionSchema.safeParse(payload);
      if (!parsed.success) {
        fail(socket, 'BAD_PAYLOAD', 'subscribe needs { symbols: [symbol or id, …] }');
        return undefined;
      }
      const ids = parsed.data.symbols.map((s) =>
        tradedId(typeof s === 'number' ? s : market.instrumentBySymbol(s)?.id),
      );
      const known = ids.filter((id): id is number => id !== undefined);
      if (known.length < ids.length) fail(socket, 'UNKNOWN_SYMBOL', 'Some symbols are not traded here.');
      return known;
    };

    socket.on(PRICE_EVENTS.subscribe, (payload: unknown) => {
      const ids = resolve(payload);
      if (!ids || ids.length === 0) return;
      void socket.join(ids.map(symbolRoom));
      const updates = ids.map(frame).filter((q) => q !== undefined);
      socket.emit(PRICE_EVENTS.update, updates);
    });

    socket.on(PRICE_EVENTS.unsubscribe, (payload: unknown) => {
      for (const id of resolve(payload) ?? []) void socket.leave(symbolRoom(id));
    });

    socket.on(PRICE_EVENTS.subscribeCandles, (payload: unknown) => {
      const parsed = candleSubscriptionSchema.safeParse(payload);
      if (!parsed.success || tradedId(parsed.data.id) === undefined) {
        fail(socket, 'BAD_PAYLOAD', 'subscribe:candles needs { id, interval } of a traded instrument');
        return;
      }
      for (const room of socket.rooms) if (room.startsWith('candles:')) void socket.leave(room);
      void socket.join(candleRoom(parsed.data.id, parsed.data.interval));
    });

    socket.on(PRICE_EVENTS.unsubscribeCandles, () => {
      for (const room of socket.rooms) if (room.startsWith('candles:')) void socket.leave(room);
    });
  });

  const unsubscribe = opts.bus.subscribe('price.ticks', (ticks) => {
    for (const t of ticks) changed.add(t.assetId);
  });
  // Staff changed instruments on some node: the next frame carries their new buy and sell prices.
  const unsubscribeInstruments = market.onInstrumentsChanged((rows) => {
    for (const r of rows) changed.add(r.id);
  });

  const flush = () => {
    if (changed.size === 0) return;
    const rooms = nsp.adapter.rooms;
    const batch: LivePriceUpdate[] = [];
    for (const id of changed) {
      const q = frame(id);
      if (!q) continue;
      batch.push(q);
      if (rooms.has(symbolRoom(id))) nsp.to(symbolRoom(id)).except(ALL_ROOM).emit(PRICE_EVENTS.update, [q]);
    }
    if (rooms.has(ALL_ROOM) && batch.length > 0) nsp.to(ALL_ROOM).emit(PRICE_EVENTS.update, batch);
    for (const room of rooms.keys()) {
      if (!room.startsWith('candles:')) continue;
      const [, idText, intervalText] = room.split(':');
      const id = Number(idText);
      const interval = CANDLE_INTERVALS.find((i) => i === intervalText);
      if (!changed.has(id) || !interval) continue;
      const candle = market.candles.current(id, interval);
      if (candle) nsp.to(room).emit(PRICE_EVENTS.candle, { id, interval, candle });
    }
    changed.clear();
  };
  const timer = setInterval(flush, opts.batchMs);
  timer.unref();

  return () => {
    clearInterval(timer);
    unsubscribe();
    unsubscribeInstruments();
  };
}
