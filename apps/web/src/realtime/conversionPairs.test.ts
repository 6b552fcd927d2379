import { pairIndex } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { conversionPairIds } from './conversionPairs';

const pairs = pairIndex([
  { id: 1, type: 'forex', base: 'EUR', quote: 'USD' },
  { id: 2, type: 'forex', base: 'USD', quote: 'JPY' },
  { id: 3, type: 'forex', base: 'USD', quote: 'CNH' },
  { id: 4, type: 'crypto', base: 'BTC', quote: 'USD' },
  { id: 5, type: 'forex', base: 'GBP', quote: 'USD' },
  { id: 6, type: 'stocks', base: 'AAPL', quote: 'USD' },
]);

describe('conversion pairs a P/L needs (issue 17)', () => {
  it('is empty in the same currency', () => {
    expect(conversionPairIds(pairs, 'USD', 'USD')).toEqual([]);
  });

  it('takes the direct or inverse pair', () => {
    expect(conversionPairIds(pairs, 'EUR', 'USD')).toEqual([1]);
    expect(conversionPairIds(pairs, 'JPY', 'USD')).toEqual([2]);
  });

  it('goes through USD for crosses, CNH for CNY, and crypto pairs for crypto quotes', () => {
    expect(conversionPairIds(pairs, 'JPY', 'EUR')).toEqual([2, 1]);
    expect(conversionPairIds(pairs, 'CNY', 'USD')).toEqual([3]);
    expect(conversionPairIds(pairs, 'BTC', 'GBP')).toEqual([4, 5]);
  });

  it('needs nothing it cannot use when no path exists', () => {
    expect(conversionPairIds(pairs, 'XYZ', 'USD')).toEqual([]);
  });
});
