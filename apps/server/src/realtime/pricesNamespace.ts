import {
  CANDLE_INTERVALS,
  type CandleInterval,
  candleSubscriptionSchema,
  type LivePriceUpdate,
  PACKED_PRICE_FORMAT,
  PRICE_EVENTS,
  PRICES_NAMESPACE,
  type PriceSocketError,
  type PricesClientEvents,
  type PricesServerEvents,
  packPriceUpdates,
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

/** Sockets that take the same instruments this window, and the one frame they share. */
interface FrameGroup {
  /** The last update of this group's frame; the ones before it are the parent's. */
  update: LivePriceUpdate | null;
  parent: FrameGroup | null;
  next: Map<number, FrameGroup>;
  sockets: string[];
}

/** A group's frame, built only for groups some socket ends on. */
function frameOf(group: FrameGroup): LivePriceUpdate[] {
  const out: LivePriceUpdate[] = [];
  for (let g: FrameGroup | null = group; g?.update; g = g.parent) out.push(g.update);
  return out.reverse();
}

const newRoot = (): FrameGroup => ({ update: null, parent: null, next: new Map(), sockets: [] });

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
 * `data:update` frame per window with what changed, built once for all receivers; a socket that
 * subscribed to some instruments gets one frame per window with just those of them that changed,
 * as `data:packed` (a flat number array) if it connected with `auth.format: 'packed'`.
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

  // Sockets that asked for `data:packed` at connect (protocol/packedPrices.ts); the rest get SPEC's
  // `data:update` objects.
  const packed = new Set<string>();
  /** One socket's frame in the format it asked for. */
  const sendUpdates = (socket: PricesSocket, updates: LivePriceUpdate[]) => {
    if (packed.has(socket.id)) socket.emit(PRICE_EVENTS.packed, packPriceUpdates(updates));
    else socket.emit(PRICE_EVENTS.update, updates);
  };

  nsp.on('connection', (socket) => {
    if (socket.handshake.auth?.format === PACKED_PRICE_FORMAT) {
      packed.add(socket.id);
      socket.on('disconnect', () => packed.delete(socket.id));
    }
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
      sendUpdates(
        socket,
        ids.map(frame).filter((q) => q !== undefined),
      );
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
    const everyone = rooms.get(ALL_ROOM);
    const batch: LivePriceUpdate[] = [];
    // One frame per socket per window with just its instruments. Sockets are routed through a trie
    // keyed by the instruments they take, in this window's order, so sockets with the same set end
    // on the same node and share one frame, encoded once: O(room memberships of the changed ids).
    // Packed and JSON sockets start from different roots, so no group mixes the two formats.
    const jsonRoot = newRoot();
    const packedRoot = newRoot();
    const groupOf = new Map<string, FrameGroup>();
    for (const id of changed) {
      const q = frame(id);
      if (!q) continue;
      batch.push(q);
      const members = rooms.get(symbolRoom(id));
      if (!members) continue;
      for (const sid of members) {
        if (everyone?.has(sid)) continue; // subscribe:all sockets get the whole batch below
        const from = groupOf.get(sid) ?? (packed.has(sid) ? packedRoot : jsonRoot);
        let to = from.next.get(id);
        if (!to) {
          to = { update: q, parent: from, next: new Map(), sockets: [] };
          from.next.set(id, to);
        }
        groupOf.set(sid, to);
      }
    }
    const ends = new Map<FrameGroup, boolean>();
    for (const [sid, group] of groupOf) {
      group.sockets.push(sid);
      ends.set(group, packed.has(sid));
    }
    // `local`: every node flushes the ticks it hears on the bus to its own sockets; a broadcast
    // through the Redis adapter would reach the other nodes' sockets a second time. Each emit is
    // encoded once and written to all its sockets as is (no per-message deflate: app.ts).
    for (const [group, isPacked] of ends) {
      const to = nsp.local.to(group.sockets);
      if (isPacked) to.emit(PRICE_EVENTS.packed, packPriceUpdates(frameOf(group)));
      else to.emit(PRICE_EVENTS.update, frameOf(group));
    }
    // subscribe:all keeps SPEC §7's objects whatever the handshake asked for.
    if (everyone && batch.length > 0) nsp.local.to(ALL_ROOM).emit(PRICE_EVENTS.update, batch);
    for (const room of rooms.keys()) {
      if (!room.startsWith('candles:')) continue;
      const [, idText, intervalText] = room.split(':');
      const id = Number(idText);
      const interval = CANDLE_INTERVALS.find((i) => i === intervalText);
      if (!changed.has(id) || !interval) continue;
      const candle = market.candles.current(id, interval);
      if (candle) nsp.local.to(room).emit(PRICE_EVENTS.candle, { id, interval, candle });
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
