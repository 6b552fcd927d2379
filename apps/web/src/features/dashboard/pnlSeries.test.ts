import { describe, expect, it } from 'vitest';
import { testTrade } from '@/features/positions/testing';
import { cumulativePnl } from './pnlSeries';

const closed = (id: number, pnl: number, at: string) =>
  testTrade({ id, status: 'closed', pnl, close_time: at, close_reason: 'user' });

describe('cumulative realised P/L', () => {
  it('adds closes up in close-time order, exactly to the cent, from 0', () => {
    const points = cumulativePnl([
      closed(3, 0.2, '2025-01-03T00:00:00Z'),
      closed(1, 0.1, '2025-01-01T00:00:00Z'),
      closed(2, -10.05, '2025-01-02T00:00:00Z'),
      testTrade({ id: 9, status: 'open', pnl: 99 }),
    ]);
    expect(points.map((p) => p.value)).toEqual([0, 0.1, -9.95, -9.75]);
    expect(points[1]?.time).toBe(Date.parse('2025-01-01T00:00:00Z'));
    expect(points[0]?.time).toBe(Date.parse('2025-01-01T00:00:00Z') - 1);
  });

  it('is empty without closes', () => {
    expect(cumulativePnl([])).toEqual([]);
  });
});
