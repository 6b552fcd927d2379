import { describe, expect, it } from 'vitest';
import { type AssetType, isMarketOpen, localTime, scheduleFor } from './tradingHours.ts';

const at = (iso: string) => new Date(iso);

describe('trading hours (SPEC §9)', () => {
  it('crypto never closes', () => {
    expect(isMarketOpen(scheduleFor('crypto'), at('2026-11-21T03:00:00Z'))).toBe(true); // Saturday
  });

  it.each([
    ['Friday 21:59 UTC', '2026-11-20T21:59:00Z', true],
    ['Friday 22:00 UTC', '2026-11-20T22:00:00Z', false],
    ['Saturday noon', '2026-11-21T12:00:00Z', false],
    ['Sunday 21:59 UTC', '2026-11-22T21:59:00Z', false],
    ['Sunday 22:00 UTC', '2026-11-22T22:00:00Z', true],
    ['Wednesday 03:00 UTC', '2026-11-18T03:00:00Z', true],
  ])('forex 24/5 at %s is open=%s', (_label, iso, open) => {
    expect(isMarketOpen(scheduleFor('forex'), at(iso))).toBe(open);
  });

  it('reads US stock hours in New York time across daylight saving', () => {
    const s = scheduleFor('stocks', 'America/New_York');
    // Summer (EDT, UTC-4): 09:30 local is 13:30 UTC.
    expect(isMarketOpen(s, at('2026-07-15T13:29:00Z'))).toBe(false);
    expect(isMarketOpen(s, at('2026-07-15T13:30:00Z'))).toBe(true);
    // Winter (EST, UTC-5): 09:30 local is 14:30 UTC; 16:00 local closes at 21:00 UTC.
    expect(isMarketOpen(s, at('2026-11-18T14:29:00Z'))).toBe(false);
    expect(isMarketOpen(s, at('2026-11-18T20:59:00Z'))).toBe(true);
    expect(isMarketOpen(s, at('2026-11-18T21:00:00Z'))).toBe(false);
    expect(isMarketOpen(s, at('2026-11-21T15:00:00Z'))).toBe(false); // Saturday
  });

  it('reads a European exchange in its own zone', () => {
    const s = scheduleFor('indices', 'Europe/Berlin');
    expect(isMarketOpen(s, at('2026-11-18T08:30:00Z'))).toBe(true); // 09:30 CET
    expect(isMarketOpen(s, at('2026-11-18T15:00:00Z'))).toBe(false); // 16:00 CET
  });

  it('commodities trade the electronic session with a 17:00–18:00 New York break', () => {
    const s = scheduleFor('commodities');
    expect(isMarketOpen(s, at('2026-11-18T21:59:00Z'))).toBe(true); // 16:59 EST
    expect(isMarketOpen(s, at('2026-11-18T22:30:00Z'))).toBe(false); // 17:30 EST
    expect(isMarketOpen(s, at('2026-11-18T23:00:00Z'))).toBe(true); // 18:00 EST
    expect(isMarketOpen(s, at('2026-11-20T22:30:00Z'))).toBe(false); // Friday after close
    expect(isMarketOpen(s, at('2026-11-22T22:59:00Z'))).toBe(false); // Sunday 17:59
    expect(isMarketOpen(s, at('2026-11-22T23:00:00Z'))).toBe(true); // Sunday 18:00
  });

  it('metals trade the electronic session too: nearly 24 h on weekdays with the daily break', () => {
    const s = scheduleFor('metals');
    expect(s.kind).toBe('electronic');
    expect(isMarketOpen(s, at('2026-11-18T03:00:00Z'))).toBe(true); // Tuesday 22:00 New York
    expect(isMarketOpen(s, at('2026-11-18T20:00:00Z'))).toBe(true); // Wednesday 15:00 New York
    expect(isMarketOpen(s, at('2026-11-18T22:30:00Z'))).toBe(false); // the 17:00–18:00 break
  });

  it('a type it does not know trades Mon–Fri 09:00–17:00', () => {
    const s = scheduleFor('bonds' as AssetType);
    expect(isMarketOpen(s, at('2026-11-18T09:00:00Z'))).toBe(true);
    expect(isMarketOpen(s, at('2026-11-18T17:00:00Z'))).toBe(false);
  });

  it('gives weekday and minute in a zone', () => {
    expect(localTime(at('2026-11-22T23:30:00Z'), 'Asia/Tokyo')).toEqual({ weekday: 1, minute: 8 * 60 + 30 });
  });
});
