import { describe, expect, it } from 'vitest';
import { testTrade } from '@/features/positions/testing';
import { positionLines } from './positionLines';

describe('position lines on the chart', () => {
  it('draws entry, TP and SL of the open positions on the asset only; unset levels draw nothing', () => {
    const lines = positionLines(
      [
        testTrade({
          id: 1,
          asset_id: 5,
          volume: 0.25,
          opening_price: 1.1,
          take_profit: 1.2,
          stop_loss: 1.05,
        }),
        testTrade({ id: 2, asset_id: 5, trade_type: 'sell', volume: 1, opening_price: 1.15 }),
        testTrade({ id: 3, asset_id: 6, opening_price: 2 }),
        testTrade({ id: 4, asset_id: 5, status: 'pending', opening_price: null, entry_price: 1 }),
      ],
      5,
    );
    expect(lines.map((l) => [l.kind, l.title, l.price])).toEqual([
      ['entry', 'BUY 0.25 #1', 1.1],
      ['tp', 'TP #1', 1.2],
      ['sl', 'SL #1', 1.05],
      ['entry', 'SELL 1.00 #2', 1.15],
    ]);
  });
});
