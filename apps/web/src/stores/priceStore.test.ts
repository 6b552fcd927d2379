import { quote } from '@openbroker/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EURUSD, GBPUSD, testAsset } from './assetFixtures';
import { createPriceStore, type NotifyScheduler, nextFrame, PRICE_FLASH_MS, parseTick } from './priceStore';

const tick = (id: unknown, price: unknown, extra: Record<string, unknown> = {}) => ({ id, price, ...extra });

describe('price store (SPEC §4 Live prices, §5, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2025-03-03T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes a catalogue and quotes bid/ask with each asset’s own spreads (domain quote)', () => {
    const store = createPriceStore();
    store.applyAll([EURUSD]);
    const entry = store.get(EURUSD.id);
    expect(entry).toMatchObject({ rate: 1.08, direction: null, flashUntil: 0 });
    expect(entry?.bid).toBe(quote(1.08, EURUSD.buy_spread, EURUSD.sell_spread).bid);

    store.applyUpdates([tick(EURUSD.id, 1.1, { priceHigh24h: 1.11, changePercent24h: 0.5 })]);
    const next = quote(1.1, EURUSD.buy_spread, EURUSD.sell_spread);
    expect(store.get(EURUSD.id)).toMatchObject({
      rate: 1.1,
      bid: next.bid,
      ask: next.ask,
      priceHigh: 1.11,
      changePercent: 0.5,
      priceLow: EURUSD.price_low,
    });
  });

  it('takes the server’s buy and sell prices from an update, so a spread staff changed shows at once', () => {
    const store = createPriceStore();
    store.applyAll([EURUSD]);
    // Same rate, new spreads: the quote changes without a price move.
    expect(
      store.applyUpdates([tick(EURUSD.id, 1.08, { buyPrice: 1.08 * 1.001, sellPrice: 1.08 * 0.998 })]),
    ).toBe(1);
    expect(store.get(EURUSD.id)).toMatchObject({ rate: 1.08, ask: 1.08 * 1.001, bid: 1.08 * 0.998 });
    // A later tick without prices keeps the new spreads.
    store.applyUpdates([tick(EURUSD.id, 1.1)]);
    expect(store.get(EURUSD.id)?.ask).toBeCloseTo(1.1 * 1.001, 12);
    expect(store.get(EURUSD.id)?.bid).toBeCloseTo(1.1 * 0.998, 12);
  });

  it('ignores malformed ticks: id not a number or numeric string, price not a finite number', () => {
    const store = createPriceStore();
    store.applyAll([EURUSD]);
    const listener = vi.fn();
    store.subscribe(EURUSD.id, listener);

    const applied = store.applyUpdates([
      tick(undefined, 2),
      tick('EURUSD', 2),
      tick('13x', 2),
      tick(null, 2),
      tick({}, 2),
      tick(EURUSD.id, '2'),
      tick(EURUSD.id, Number.NaN),
      tick(EURUSD.id, Number.POSITIVE_INFINITY),
      tick(EURUSD.id, null),
      null,
      'garbage',
      42,
    ]);
    expect(applied).toBe(0);
    expect(store.get(EURUSD.id)?.rate).toBe(1.08);
    expect(listener).not.toHaveBeenCalled();
    expect(store.applyUpdates({ id: EURUSD.id, price: 3 })).toBe(0);
  });

  it('accepts a numeric string id as well as a number', () => {
    const store = createPriceStore();
    store.applyAll([EURUSD]);
    expect(store.applyUpdates([tick(String(EURUSD.id), 1.09)])).toBe(1);
    expect(store.get(EURUSD.id)?.rate).toBe(1.09);
    expect(parseTick(tick(' 7 ', 1))?.id).toBe(7);
  });

  it('flashes up on a rise and down on a fall, for 2.2 s after the latest change', () => {
    const store = createPriceStore();
    store.applyAll([EURUSD]);
    const listener = vi.fn();
    store.subscribe(EURUSD.id, listener);

    store.applyUpdates([tick(EURUSD.id, 1.081)]);
    expect(store.get(EURUSD.id)).toMatchObject({ direction: 'up', flashUntil: Date.now() + PRICE_FLASH_MS });
    expect(PRICE_FLASH_MS).toBe(2200);

    vi.advanceTimersByTime(1000);
    store.applyUpdates([tick(EURUSD.id, 1.0805)]);
    expect(store.get(EURUSD.id)?.direction).toBe('down');

    // The fall restarted the 2.2 s: still flashing 2.199 s after it, faded at 2.2 s.
    vi.advanceTimersByTime(PRICE_FLASH_MS - 1);
    expect(store.get(EURUSD.id)?.direction).toBe('down');
    listener.mockClear();
    vi.advanceTimersByTime(1);
    expect(store.get(EURUSD.id)).toMatchObject({ direction: null, flashUntil: 0 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('does not flash when the price stays the same, and keeps an earlier flash running', () => {
    const store = createPriceStore();
    store.applyAll([EURUSD]);
    store.applyUpdates([tick(EURUSD.id, 1.08, { volume24h: 5 })]);
    expect(store.get(EURUSD.id)).toMatchObject({ direction: null, volume: 5 });

    store.applyUpdates([tick(EURUSD.id, 1.07)]);
    const until = store.get(EURUSD.id)?.flashUntil;
    vi.advanceTimersByTime(500);
    store.applyUpdates([tick(EURUSD.id, 1.07, { volume24h: 6 })]);
    expect(store.get(EURUSD.id)).toMatchObject({ direction: 'down', flashUntil: until, volume: 6 });
    vi.advanceTimersByTime(PRICE_FLASH_MS - 500);
    expect(store.get(EURUSD.id)?.direction).toBeNull();
  });

  it('fades each instrument at its own time', () => {
    const store = createPriceStore();
    store.applyAll([EURUSD, GBPUSD]);
    store.applyUpdates([tick(EURUSD.id, 1.09)]);
    vi.advanceTimersByTime(1000);
    store.applyUpdates([tick(GBPUSD.id, 1.2)]);
    vi.advanceTimersByTime(PRICE_FLASH_MS - 1000);
    expect(store.get(EURUSD.id)?.direction).toBeNull();
    expect(store.get(GBPUSD.id)?.direction).toBe('down');
    vi.advanceTimersByTime(1000);
    expect(store.get(GBPUSD.id)?.direction).toBeNull();
  });

  it('calls only the listeners of the instruments a frame touched, once per frame', () => {
    const store = createPriceStore();
    store.applyAll([EURUSD, GBPUSD]);
    const eur = vi.fn();
    const gbp = vi.fn();
    const all = vi.fn();
    store.subscribe(EURUSD.id, eur);
    const stopGbp = store.subscribe(GBPUSD.id, gbp);
    store.subscribeAll(all);

    store.applyUpdates([tick(EURUSD.id, 1.081), tick(EURUSD.id, 1.082)]);
    expect(eur).toHaveBeenCalledTimes(1);
    expect(gbp).not.toHaveBeenCalled();
    expect(all).toHaveBeenCalledWith(new Set([EURUSD.id]));

    stopGbp();
    store.applyUpdates([tick(GBPUSD.id, 1.3)]);
    expect(gbp).not.toHaveBeenCalled();
    expect(eur).toHaveBeenCalledTimes(1);
  });

  it('replaces an entry on change (a new snapshot) and keeps it when nothing changed', () => {
    const store = createPriceStore();
    store.applyAll([EURUSD]);
    const first = store.get(EURUSD.id);
    store.applyAll([EURUSD]);
    expect(store.get(EURUSD.id)).toBe(first);
    store.applyUpdates([tick(EURUSD.id, 1.5)]);
    expect(store.get(EURUSD.id)).not.toBe(first);
  });

  it('seeds from REST only where the socket has not spoken yet', () => {
    const store = createPriceStore();
    store.applyUpdates([tick(EURUSD.id, 1.2)]);
    // The tick came before any catalogue: quoted with default spreads until the asset is known.
    expect(store.get(EURUSD.id)?.bid).toBe(quote(1.2).bid);
    const stale = testAsset({ ...EURUSD, rate: 1.0 });
    store.seed([stale, GBPUSD]);
    expect(store.get(EURUSD.id)?.rate).toBe(1.2);
    expect(store.get(EURUSD.id)?.bid).toBe(quote(1.2, EURUSD.buy_spread, EURUSD.sell_spread).bid);
    expect(store.get(GBPUSD.id)?.rate).toBe(GBPUSD.rate);
  });

  describe('with a scheduler (the app: one notification per animation frame, issue 17)', () => {
    /** A scheduler the test runs by hand, standing in for the next animation frame. */
    const manual = () => {
      const queued: (() => void)[] = [];
      const schedule: NotifyScheduler = (flush) => {
        queued.push(flush);
      };
      const frame = () => {
        for (const flush of queued.splice(0)) flush();
      };
      return { schedule, frame, queued };
    };

    it('writes at once but notifies once per frame, with the union of the ids that changed', () => {
      const { schedule, frame, queued } = manual();
      const store = createPriceStore({ schedule });
      store.applyAll([EURUSD, GBPUSD]);
      frame();
      const eur = vi.fn();
      const gbp = vi.fn();
      const all = vi.fn();
      store.subscribe(EURUSD.id, eur);
      store.subscribe(GBPUSD.id, gbp);
      store.subscribeAll(all);

      // Three socket frames before the next paint.
      store.applyUpdates([tick(EURUSD.id, 1.081)]);
      store.applyUpdates([tick(EURUSD.id, 1.082), tick(GBPUSD.id, 1.3)]);
      store.applyUpdates([tick(EURUSD.id, 1.083)]);
      expect(store.get(EURUSD.id)?.rate).toBe(1.083);
      expect(store.get(GBPUSD.id)).toMatchObject({ rate: 1.3, direction: 'up' });
      expect(eur).not.toHaveBeenCalled();
      expect(all).not.toHaveBeenCalled();
      expect(queued).toHaveLength(1);

      frame();
      expect(eur).toHaveBeenCalledTimes(1);
      expect(gbp).toHaveBeenCalledTimes(1);
      expect(all).toHaveBeenCalledTimes(1);
      expect(all).toHaveBeenCalledWith(new Set([EURUSD.id, GBPUSD.id]));

      // Nothing changed: no frame asked for, nobody called.
      store.applyUpdates([tick(EURUSD.id, 1.083)]);
      expect(queued).toHaveLength(0);
      frame();
      expect(eur).toHaveBeenCalledTimes(1);
    });

    it('fades on time and tells the listeners on the next frame', () => {
      const { schedule, frame } = manual();
      const store = createPriceStore({ schedule });
      store.applyAll([EURUSD]);
      store.applyUpdates([tick(EURUSD.id, 1.09)]);
      frame();
      const listener = vi.fn();
      store.subscribe(EURUSD.id, listener);
      vi.advanceTimersByTime(PRICE_FLASH_MS);
      expect(store.get(EURUSD.id)?.direction).toBeNull();
      expect(listener).not.toHaveBeenCalled();
      frame();
      expect(listener).toHaveBeenCalledTimes(1);
    });

    it('nextFrame flushes once per animation frame, or by a timer when frames do not run', () => {
      const frames: FrameRequestCallback[] = [];
      vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
      vi.stubGlobal('cancelAnimationFrame', () => {});
      try {
        const flush = vi.fn();
        nextFrame(flush);
        expect(flush).not.toHaveBeenCalled();
        // In a task of its own right after the frame, not inside the frame's callback.
        frames[0]?.(0);
        expect(flush).not.toHaveBeenCalled();
        vi.advanceTimersByTime(0);
        expect(flush).toHaveBeenCalledTimes(1);
        // The fallback timer does not flush a second time.
        vi.advanceTimersByTime(1_000);
        expect(flush).toHaveBeenCalledTimes(1);

        // A frame asked for that never runs (the tab was hidden meanwhile): the timer delivers.
        const late = vi.fn();
        nextFrame(late);
        vi.advanceTimersByTime(249);
        expect(late).not.toHaveBeenCalled();
        vi.advanceTimersByTime(1);
        expect(late).toHaveBeenCalledTimes(1);

        // Hidden already: no frame is asked for, a timer flushes at once.
        const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
        const background = vi.fn();
        const asked = frames.length;
        nextFrame(background);
        expect(frames).toHaveLength(asked);
        vi.advanceTimersByTime(0);
        expect(background).toHaveBeenCalledTimes(1);
        hidden.mockRestore();
      } finally {
        vi.unstubAllGlobals();
      }
    });
  });
});
