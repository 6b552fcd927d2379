import { HISTORY_SPAN_MS, INTERVAL_MS, isMarketOpen, isWellFormed, scheduleFor } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { generateHistory, type HistoryRequest } from './history.ts';

const base: HistoryRequest = {
  assetId: 1,
  type: 'stocks',
  exchangeZone: 'America/New_York',
  decimals: 2,
  interval: '1m',
  endBefore: Date.UTC(2026, 10, 18, 18, 0, 0),
  endPrice: 230,
  seed: 42,
};

describe('generated chart history', () => {
  it('is deterministic, well formed, joins candle to candle and arrives at the live price', () => {
    const candles = generateHistory(base);
    expect(generateHistory(base)).toEqual(candles);
    expect(candles.length).toBeGreaterThan(300);
    for (const c of candles) expect(isWellFormed(c)).toBe(true);
    for (let i = 1; i < candles.length; i++) expect(candles[i]?.open).toBe(candles[i - 1]?.close);
    expect(candles.at(-1)?.close).toBe(230);
  });

  it('has no gaps inside trading hours and nothing outside them (1m stocks)', () => {
    const candles = generateHistory(base);
    const schedule = scheduleFor('stocks', 'America/New_York');
    const times = new Set(candles.map((c) => c.time));
    for (let t = base.endBefore - HISTORY_SPAN_MS['1m']; t < base.endBefore; t += INTERVAL_MS['1m']) {
      expect(times.has(t)).toBe(isMarketOpen(schedule, new Date(t)));
    }
  });

  it('covers a year of daily crypto candles every day', () => {
    const candles = generateHistory({
      ...base,
      type: 'crypto',
      exchangeZone: 'UTC',
      interval: '1d',
      endPrice: 100_000,
    });
    expect(candles.length).toBe(365);
  });
});
