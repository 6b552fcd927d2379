import { DEFAULT_TICK_BAND, type TickBandOptions } from '@openbroker/domain';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { buildCatalogue } from '../db/seed/instruments/index.ts';
import { manualClock } from '../lib/clock.ts';
import type { FeedInstrument, Tick } from './FeedSource.ts';
import { bandScale, PriceGuard, RECENT_QUARANTINES } from './PriceGuard.ts';
import { createSimulatedFeed } from './SimulatedFeed.ts';

function fakeLog() {
  return { warn: vi.fn(), info: vi.fn() };
}

function guardFor(
  instruments: { id: number; symbol: string; type: FeedInstrument['type']; price: number }[],
  options: TickBandOptions = DEFAULT_TICK_BAND,
) {
  const log = fakeLog();
  const byId = new Map(instruments.map((i) => [i.id, i]));
  const guard = new PriceGuard({
    log: log as unknown as FastifyBaseLogger,
    options,
    instrument: (id) => {
      const i = byId.get(id);
      return i && { symbol: i.symbol, scale: bandScale(i.type), lastPrice: i.price };
    },
  });
  return { guard, log };
}

const tick = (assetId: number, price: number, at = 0): Tick => ({ assetId, price, at, volume: 0 });
const EURUSD = { id: 1, symbol: 'EURUSD', type: 'forex' as const, price: 1.1 };
const BTCUSD = { id: 2, symbol: 'BTCUSD', type: 'crypto' as const, price: 100_000 };

describe('price guard', () => {
  it('passes a clean batch through as it is', () => {
    const { guard, log } = guardFor([EURUSD, BTCUSD]);
    const batch = [tick(1, 1.1001), tick(2, 100_050), tick(1, 1.1002)];
    expect(guard.filter(batch)).toBe(batch);
    expect(guard.count).toBe(0);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('holds back a spike, logs it with its band, counts it and lists it', () => {
    const { guard, log } = guardFor([EURUSD, BTCUSD]);
    const batch = [tick(1, 1.1001, 1), tick(1, 1.32, 2), tick(2, 100_010, 3), tick(1, 0.88, 4)];
    expect(guard.filter(batch)).toEqual([batch[0], batch[2]]);
    expect(guard.count).toBe(2);
    expect(log.warn).toHaveBeenCalledTimes(2);
    const [fields, message] = log.warn.mock.calls[0] ?? [];
    expect(message).toMatch(/quarantined/);
    expect(fields).toMatchObject({ assetId: 1, symbol: 'EURUSD', price: 1.32 });
    const [low, high] = fields.band as [number, number];
    expect(low).toBeLessThan(1.1);
    expect(high).toBeGreaterThan(1.1);
    expect(high).toBeLessThan(1.32);
    expect(guard.recent(1).map((q) => q.price)).toEqual([0.88, 1.32]);
    expect(guard.recent().map((q) => q.price)).toEqual([0.88, 1.32]);
    expect(guard.recent(2)).toEqual([]);
  });

  it('lets a confirmed level through at its M-th tick', () => {
    const { guard, log } = guardFor([EURUSD], { ...DEFAULT_TICK_BAND, confirmTicks: 3 });
    expect(guard.filter([tick(1, 1.16)])).toEqual([]);
    expect(guard.filter([tick(1, 1.1601)])).toEqual([]);
    expect(guard.filter([tick(1, 1.1602)])).toEqual([tick(1, 1.1602)]);
    expect(guard.filter([tick(1, 1.1603)])).toEqual([tick(1, 1.1603)]);
    expect(guard.count).toBe(2);
    expect(log.info).toHaveBeenCalledTimes(1);
  });

  it('keeps the last hundred quarantines of an instrument', () => {
    const { guard } = guardFor([EURUSD]);
    for (let i = 0; i < 150; i++) guard.filter([tick(1, 2 + (i % 2) * 10, i), tick(1, 1.1, i)]);
    expect(guard.count).toBe(150);
    const recent = guard.recent(1);
    expect(recent).toHaveLength(RECENT_QUARANTINES);
    expect(recent[0]?.at).toBe(149);
  });

  it('passes ticks of instruments it does not know', () => {
    const { guard } = guardFor([EURUSD]);
    const batch = [tick(99, 1e9)];
    expect(guard.filter(batch)).toBe(batch);
  });

  it('never trips on the simulated feed: every instrument, a few simulated minutes', () => {
    const catalogue = buildCatalogue();
    const instruments: FeedInstrument[] = catalogue.map((c, i) => ({
      id: i + 1,
      type: c.type,
      exchangeZone: c.exchangeZone,
      startPrice: c.referencePrice,
      decimals: c.decimals,
    }));
    const { guard, log } = guardFor(
      catalogue.map((c, i) => ({ id: i + 1, symbol: c.symbol, type: c.type, price: c.referencePrice })),
    );
    let ticks = 0;
    // A Wednesday with New York and Europe open, and a night with Asia open.
    for (const [start, minutes] of [
      ['2026-01-07T15:00:00Z', 4],
      ['2026-01-08T02:00:00Z', 2],
    ] as const) {
      const clock = manualClock(new Date(start));
      const feed = createSimulatedFeed({ instruments, seed: 11, clock, stepMs: 100 });
      for (let i = 0; i < minutes * 600; i++) {
        clock.advance(100);
        const batch = feed.step();
        ticks += batch.length;
        guard.filter(batch);
      }
    }
    expect(instruments.length).toBeGreaterThan(2_000);
    expect(ticks).toBeGreaterThan(500_000);
    expect(log.warn.mock.calls.slice(0, 3)).toEqual([]);
    expect(guard.count).toBe(0);
  });
});
