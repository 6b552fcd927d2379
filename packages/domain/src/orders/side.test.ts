import { describe, expect, it } from 'vitest';
import { isSide, SIDES, sideSign } from './side.ts';

describe('order side (SPEC §5)', () => {
  it('is buy or sell, with a sell counting the other way', () => {
    expect(SIDES).toEqual(['buy', 'sell']);
    expect(sideSign('buy')).toBe(1);
    expect(sideSign('sell')).toBe(-1);
    expect(isSide('sell')).toBe(true);
    expect(isSide('BUY')).toBe(false);
    expect(isSide(undefined)).toBe(false);
  });
});
