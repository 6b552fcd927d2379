import { describe, expect, it } from 'vitest';
import { nextRovingIndex } from './useRovingFocus';

describe('nextRovingIndex', () => {
  it('moves with the arrows of its orientation and stops at the ends', () => {
    expect(nextRovingIndex('ArrowDown', 0, 3, {})).toBe(1);
    expect(nextRovingIndex('ArrowDown', 2, 3, {})).toBe(2);
    expect(nextRovingIndex('ArrowUp', 0, 3, {})).toBe(0);
    expect(nextRovingIndex('ArrowRight', 0, 3, {})).toBeNull();
    expect(nextRovingIndex('ArrowRight', 0, 3, { orientation: 'horizontal' })).toBe(1);
  });

  it('jumps by page and to either end', () => {
    expect(nextRovingIndex('PageDown', 5, 100, {})).toBe(15);
    expect(nextRovingIndex('PageUp', 5, 100, {})).toBe(0);
    expect(nextRovingIndex('End', 5, 100, {})).toBe(99);
    expect(nextRovingIndex('Home', 5, 100, {})).toBe(0);
    expect(nextRovingIndex('ArrowDown', 0, 0, {})).toBeNull();
  });
});
