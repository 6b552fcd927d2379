import { describe, expect, it } from 'vitest';
import { ASSET_TYPES } from '../hours/tradingHours.ts';
import {
  ADVISOR_FALLBACK_LEVERAGE,
  ASSET_TYPE_CATEGORY,
  categoryLeverage,
  DEFAULT_CATEGORY_LEVERAGE,
  FALLBACK_LEVERAGE,
  LEVERAGE_CATEGORIES,
  resolveLeverage,
} from './leverage.ts';

describe('leverage (SPEC §9, DESIGN §6)', () => {
  it('defaults site data to 100 for each of the six categories', () => {
    expect(Object.keys(DEFAULT_CATEGORY_LEVERAGE).sort()).toEqual([...LEVERAGE_CATEGORIES].sort());
    expect(new Set(Object.values(DEFAULT_CATEGORY_LEVERAGE))).toEqual(new Set([100]));
    expect(FALLBACK_LEVERAGE).toBe(20);
    expect(ADVISOR_FALLBACK_LEVERAGE).toBe(100);
  });

  it('maps every asset type to a category, crypto to cryptos', () => {
    for (const type of ASSET_TYPES) expect(LEVERAGE_CATEGORIES).toContain(ASSET_TYPE_CATEGORY[type]);
    expect(ASSET_TYPE_CATEGORY.crypto).toBe('cryptos');
    expect(ASSET_TYPE_CATEGORY.forex).toBe('forex');
  });

  it.each([
    [{ categorySetting: 200, assetLeverage: 50, planLeverage: 30 }, 200],
    [{ assetLeverage: 50, planLeverage: 30 }, 50],
    [{ categorySetting: null, assetLeverage: null, planLeverage: 30 }, 30],
    [{}, 20],
    [{ categorySetting: 0, assetLeverage: 0, planLeverage: 0 }, 20],
    [{ categorySetting: Number.NaN, assetLeverage: -5, planLeverage: 0.5 }, 20],
    [{ categorySetting: 1, assetLeverage: 500 }, 1],
  ])('resolves %o to %s', (sources, expected) => {
    expect(resolveLeverage(sources)).toBe(expected);
  });

  it('reads the category setting for an asset type from site data', () => {
    const settings = { ...DEFAULT_CATEGORY_LEVERAGE, cryptos: 5 };
    expect(categoryLeverage(settings, 'crypto')).toBe(5);
    expect(categoryLeverage(settings, 'forex')).toBe(100);
    expect(categoryLeverage({ forex: 30 }, 'stocks')).toBeUndefined();
    expect(categoryLeverage(undefined, 'stocks')).toBeUndefined();
    expect(
      resolveLeverage({ categorySetting: categoryLeverage(undefined, 'metals'), assetLeverage: 40 }),
    ).toBe(40);
  });
});
