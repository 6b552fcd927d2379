import { describe, expect, it } from 'vitest';
import { createReplayFeed, parseTickCsv } from './ReplayFeed.ts';

const CSV = `time,symbol,price,volume
1763460000000,EURUSD,1.16010,1000
1763460000500,BTCUSD,101000.5,0.2
2025-11-18T10:00:01.000Z,EURUSD,1.16020,500
1763460001200,NOPE,5,1
`;

describe('replay feed', () => {
  it('parses epoch and ISO times into offsets from the first row', () => {
    expect(parseTickCsv(CSV).map((r) => r.offsetMs)).toEqual([0, 500, 1000, 1200]);
  });

  it('names bad rows by line', () => {
    expect(() => parseTickCsv('time,symbol,price\n1,EURUSD,abc\n2,EURUSD,1.1\n')).toThrow(
      /line 2: 1,EURUSD,abc/,
    );
  });

  it('emits the recorded ticks at the recorded pace, ignoring unknown symbols', () => {
    let now = 5_000;
    const feed = createReplayFeed({
      rows: parseTickCsv(CSV),
      idBySymbol: new Map([
        ['EURUSD', 1],
        ['BTCUSD', 2],
      ]),
      now: () => now,
    });
    expect(feed.step()).toEqual([{ assetId: 1, price: 1.1601, at: 5_000, volume: 1000 }]);
    now += 600;
    expect(feed.step().map((t) => t.assetId)).toEqual([2]);
    now += 1000;
    expect(feed.step()).toEqual([{ assetId: 1, price: 1.1602, at: 6_600, volume: 500 }]);
    expect(feed.step()).toEqual([]);
  });
});
