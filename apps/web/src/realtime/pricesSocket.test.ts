import { PACKED_PRICE_FORMAT, PRICE_EVENTS, PROTOCOL_VERSION, packPriceUpdates } from '@openbroker/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDJPY, BTC, EURUSD } from '@/stores/assetFixtures';
import { useAssetStore } from '@/stores/assetStore';
import { createPriceStore, type PriceStore } from '@/stores/priceStore';
import { FakePriceSocket } from './fakePriceSocket';
import { createPriceInterest, type PriceInterest } from './priceInterest';
import { createPricesClient, type PricesClientOptions } from './pricesSocket';

let sockets: FakePriceSocket[];
let prices: PriceStore;
let interest: PriceInterest;

function client(options: PricesClientOptions = {}) {
  return createPricesClient({
    createSocket: (url, settings) => {
      const socket = new FakePriceSocket(url, settings);
      sockets.push(socket);
      return socket;
    },
    prices,
    interest,
    origin: () => 'https://broker.test',
    key: () => 'public-key',
    ...options,
  });
}

const last = () => {
  const socket = sockets.at(-1);
  if (!socket) throw new Error('no socket was made');
  return socket;
};

describe('live price client (SPEC §4 Live prices, §7 Live price socket)', () => {
  beforeEach(() => {
    sockets = [];
    prices = createPriceStore();
    interest = createPriceInterest();
    useAssetStore.setState(useAssetStore.getInitialState(), true);
  });

  it('connects to /prices over websocket only, with the key, packed frames and SPEC reconnect settings', () => {
    const prices = client();
    prices.connect();
    expect(prices.getState()).toEqual({ status: 'connecting', error: null });
    expect(last().url).toBe('https://broker.test/prices');
    expect(last().settings).toEqual({
      path: '/socket.io',
      transports: ['websocket'],
      auth: { key: 'public-key', protocol: PROTOCOL_VERSION, format: PACKED_PRICE_FORMAT },
      reconnectionAttempts: 5,
      reconnectionDelay: 2000,
      timeout: 10_000,
    });
  });

  it('asks for SPEC §7 frames, not packed ones, with subscribeAll', () => {
    client({ subscribeAll: true }).connect();
    expect(last().settings.auth).toEqual({ key: 'public-key', protocol: PROTOCOL_VERSION });
  });

  it('writes data:packed frames into the price store like data:update, and ignores garbage', () => {
    const live = client();
    live.connect();
    last().open();
    const update = {
      id: EURUSD.id,
      price: 1.09,
      buyPrice: 1.0901,
      sellPrice: 1.0899,
      priceLow24h: 1.07,
      priceHigh24h: 1.1,
      change24h: 0.01,
      changePercent24h: 0.9,
      volume24h: 5,
      lastUpdated: 1_764_000_000_000,
    };
    last().serverSends(PRICE_EVENTS.packed, packPriceUpdates([update]));
    expect(prices.get(EURUSD.id)).toMatchObject({ rate: 1.09, priceLow: 1.07, priceHigh: 1.1 });
    last().serverSends(PRICE_EVENTS.packed, [EURUSD.id, 2]);
    last().serverSends(PRICE_EVENTS.packed, { id: EURUSD.id, price: 2 });
    expect(prices.get(EURUSD.id)?.rate).toBe(1.09);
  });

  it('subscribes to the instruments the page shows, not to all, and again after a reconnect', () => {
    const release = interest.retain([BTC.id, EURUSD.id]);
    const live = client();
    live.connect();
    expect(last().sent(PRICE_EVENTS.subscribe)).toHaveLength(0);
    last().open();
    expect(last().sent(PRICE_EVENTS.subscribeAll)).toHaveLength(0);
    expect(last().sent(PRICE_EVENTS.subscribe)).toEqual([{ symbols: [BTC.id, EURUSD.id] }]);

    // Changes go as a diff.
    const audjpy = interest.retain([AUDJPY.id]);
    release();
    interest.flush();
    expect(last().sent(PRICE_EVENTS.subscribe).at(-1)).toEqual({ symbols: [AUDJPY.id] });
    expect(last().sent(PRICE_EVENTS.unsubscribe)).toEqual([{ symbols: [BTC.id, EURUSD.id] }]);

    // The server forgot the old connection's subscriptions: all that is held goes again.
    last().connected = false;
    last().serverSends('disconnect', 'transport close');
    const btc = interest.retain([BTC.id]);
    interest.flush();
    expect(last().sent(PRICE_EVENTS.subscribe)).toHaveLength(2);
    last().open();
    expect(last().sent(PRICE_EVENTS.subscribe).at(-1)).toEqual({ symbols: [AUDJPY.id, BTC.id] });

    // Once closed, the registry keeps counting but sends nothing.
    live.disconnect();
    audjpy();
    btc();
    interest.flush();
    expect(last().sent(PRICE_EVENTS.unsubscribe)).toHaveLength(1);
  });

  it('emits subscribe:all once connected when asked to, and again after a reconnect', () => {
    interest.retain([BTC.id]);
    const prices = client({ subscribeAll: true });
    prices.connect();
    expect(last().sent(PRICE_EVENTS.subscribeAll)).toHaveLength(0);
    last().open();
    expect(prices.getState().status).toBe('connected');
    expect(last().sent(PRICE_EVENTS.subscribeAll)).toHaveLength(1);

    last().connected = false;
    last().serverSends('disconnect', 'transport close');
    expect(prices.getState().status).toBe('connecting');
    last().open();
    expect(last().sent(PRICE_EVENTS.subscribeAll)).toHaveLength(2);
    expect(last().sent(PRICE_EVENTS.subscribe)).toHaveLength(0);
  });

  it('writes data:all into the price store and the asset list, and data:update into the price store', () => {
    const live = client();
    live.connect();
    last().open();
    last().serverSends(PRICE_EVENTS.all, { success: true, data: [BTC, EURUSD, { id: 'broken' }] });
    expect(prices.get(BTC.id)?.rate).toBe(BTC.rate);
    expect(useAssetStore.getState().assets.map((a) => a.id)).toEqual([BTC.id, EURUSD.id]);
    expect(useAssetStore.getState().activeAsset?.id).toBe(BTC.id);

    last().serverSends(PRICE_EVENTS.update, [
      { id: EURUSD.id, price: 1.09, priceLow24h: 1.07 },
      { id: 'EURUSD', price: 2 },
      { id: BTC.id, price: 'much' },
    ]);
    expect(prices.get(EURUSD.id)).toMatchObject({ rate: 1.09, priceLow: 1.07, direction: 'up' });
    expect(prices.get(BTC.id)?.rate).toBe(BTC.rate);
    // The catalogue is not rewritten per tick.
    expect(useAssetStore.getState().assets.find((a) => a.id === EURUSD.id)?.rate).toBe(EURUSD.rate);
  });

  it('leaves an already loaded asset list alone', () => {
    useAssetStore.getState().receiveAssets([AUDJPY]);
    const live = client();
    live.connect();
    last().open();
    last().serverSends(PRICE_EVENTS.all, { success: true, data: [BTC] });
    expect(useAssetStore.getState().assets.map((a) => a.id)).toEqual([AUDJPY.id]);
    expect(prices.get(BTC.id)?.rate).toBe(BTC.rate);
  });

  it('connect is a no-op while connecting or connected', () => {
    const live = client({ subscribeAll: true });
    live.connect();
    live.connect();
    expect(sockets).toHaveLength(1);
    last().open();
    live.connect();
    expect(sockets).toHaveLength(1);
    expect(last().sent(PRICE_EVENTS.subscribeAll)).toHaveLength(1);
  });

  it('disconnect closes the socket and returns to disconnected; connect then opens a new one', () => {
    const live = client();
    live.connect();
    last().open();
    live.disconnect();
    expect(live.getState()).toEqual({ status: 'disconnected', error: null });
    expect(sockets[0]?.disconnectCalls).toBe(1);
    // Events from the closed socket no longer reach the store.
    sockets[0]?.serverSends(PRICE_EVENTS.update, [{ id: 1, price: 1 }]);
    expect(prices.get(1)).toBeUndefined();
    live.connect();
    expect(sockets).toHaveLength(2);
  });

  it('reports a refused key to the error callback and fails with its message', () => {
    const onError = vi.fn();
    const live = client({ onError });
    live.connect();
    last().active = false;
    const refusal = Object.assign(new Error('Invalid API key'), {
      data: { code: 'INVALID_API_KEY', message: 'Invalid API key' },
    });
    last().serverSends('connect_error', refusal);
    expect(onError).toHaveBeenCalledWith({
      code: 'INVALID_API_KEY',
      message: 'Invalid API key',
      fatal: true,
    });
    expect(live.getState()).toEqual({ status: 'failed', error: 'Invalid API key' });
    live.connect();
    expect(sockets).toHaveLength(2);
  });

  it('fails with the server’s reload message when it speaks another protocol version', () => {
    const live = client({ onError: () => {} });
    live.connect();
    last().active = false;
    const message = `Unsupported protocol version ${PROTOCOL_VERSION}; this server speaks 2. Reload the page.`;
    last().serverSends(
      'connect_error',
      Object.assign(new Error(message), { data: { code: 'UNSUPPORTED_PROTOCOL', message, supported: 2 } }),
    );
    expect(live.getState()).toEqual({ status: 'failed', error: message });
  });

  it('keeps trying after a transient error, and fails with "Connection failed" once retries run out', () => {
    const onError = vi.fn();
    const live = client({ onError });
    live.connect();
    last().serverSends('connect_error', new Error('timeout'));
    expect(live.getState().status).toBe('connecting');
    expect(onError).toHaveBeenCalledWith({ code: 'CONNECT_ERROR', message: 'timeout', fatal: false });
    last().managerSends('reconnect_failed');
    expect(live.getState()).toEqual({ status: 'failed', error: 'Connection failed' });
    expect(onError).toHaveBeenLastCalledWith({
      code: 'RECONNECT_FAILED',
      message: 'Connection failed',
      fatal: true,
    });
  });

  it('passes data:error to the error callback', () => {
    const onError = vi.fn();
    const live = client({ onError });
    live.connect();
    last().open();
    last().serverSends(PRICE_EVENTS.error, {
      code: 'UNKNOWN_SYMBOL',
      message: 'Some symbols are not traded here.',
    });
    expect(onError).toHaveBeenCalledWith({
      code: 'UNKNOWN_SYMBOL',
      message: 'Some symbols are not traded here.',
      fatal: false,
    });
    expect(live.getState().status).toBe('connected');
  });

  it('notifies state listeners on each change', () => {
    const live = client();
    const seen: string[] = [];
    live.subscribeState(() => seen.push(live.getState().status));
    live.connect();
    last().open();
    live.disconnect();
    expect(seen).toEqual(['connecting', 'connected', 'disconnected']);
  });

  it('works with a socket that is made asynchronously, and drops one made after disconnect', async () => {
    let resolve: (s: FakePriceSocket) => void = () => {};
    const live = createPricesClient({
      createSocket: (url, settings) =>
        new Promise<FakePriceSocket>((r) => {
          resolve = (s) => r(s);
          sockets.push(new FakePriceSocket(url, settings));
        }),
      prices,
      origin: () => '',
      key: () => 'k',
    });
    live.connect();
    live.disconnect();
    resolve(last());
    await Promise.resolve();
    await Promise.resolve();
    expect(last().disconnectCalls).toBe(1);
    expect(live.getState().status).toBe('disconnected');
  });

  describe('candles', () => {
    const candle = { time: 60_000, open: 1, high: 2, low: 0.5, close: 1.5, volume: 3 };

    it('subscribes for the chart, delivers its updates only, and unsubscribes', () => {
      const live = client();
      live.connect();
      last().open();
      const listener = vi.fn();
      const stop = live.subscribeCandles(EURUSD.id, '1m', listener);
      expect(last().sent(PRICE_EVENTS.subscribeCandles)).toEqual([{ id: EURUSD.id, interval: '1m' }]);

      last().serverSends(PRICE_EVENTS.candle, { id: EURUSD.id, interval: '1m', candle });
      last().serverSends(PRICE_EVENTS.candle, { id: EURUSD.id, interval: '5m', candle });
      last().serverSends(PRICE_EVENTS.candle, { id: BTC.id, interval: '1m', candle });
      last().serverSends(PRICE_EVENTS.candle, { id: EURUSD.id, interval: '1m', candle: { time: 'x' } });
      expect(listener).toHaveBeenCalledTimes(1);
      expect(listener).toHaveBeenCalledWith(candle);

      stop();
      expect(last().sent(PRICE_EVENTS.unsubscribeCandles)).toHaveLength(1);
      last().serverSends(PRICE_EVENTS.candle, { id: EURUSD.id, interval: '1m', candle });
      expect(listener).toHaveBeenCalledTimes(1);
    });

    it('sends a subscription made before connecting once connected, and again after a reconnect', () => {
      const live = client();
      live.subscribeCandles(BTC.id, '15m', () => {});
      live.connect();
      expect(last().sent(PRICE_EVENTS.subscribeCandles)).toHaveLength(0);
      last().open();
      last().open();
      expect(last().sent(PRICE_EVENTS.subscribeCandles)).toEqual([
        { id: BTC.id, interval: '15m' },
        { id: BTC.id, interval: '15m' },
      ]);
    });

    it('falls back to the series still watched when the latest one closes', () => {
      const live = client();
      live.connect();
      last().open();
      live.subscribeCandles(BTC.id, '1m', () => {});
      const stopEur = live.subscribeCandles(EURUSD.id, '1h', () => {});
      stopEur();
      expect(last().sent(PRICE_EVENTS.subscribeCandles).at(-1)).toEqual({ id: BTC.id, interval: '1m' });
      expect(last().sent(PRICE_EVENTS.unsubscribeCandles)).toHaveLength(0);
    });
  });
});
