import { describe, expect, it } from 'vitest';
import {
  orderFeatureRows,
  planColorCss,
  planCreateSchema,
  planUpdateSchema,
  realignFeatures,
} from './plans.ts';
import { isBrandingRef, isHttpUrl, siteSettingsUpdateSchema } from './settings.ts';

describe('plan comparison values follow their rows', () => {
  it('moves, adds and drops values with the rows', () => {
    expect(realignFeatures(['a', 'b', 'c'], [1, 2, 3], [3, 1, 2])).toEqual(['c', 'a', 'b']);
    expect(realignFeatures(['a', 'b'], [1, 2], [1, 9, 2])).toEqual(['a', '', 'b']);
    expect(realignFeatures(['a', 'b', 'c'], [1, 2, 3], [1, 3])).toEqual(['a', 'c']);
    // A plan with fewer values than rows gets '' for the missing ones.
    expect(realignFeatures(['a'], [1, 2], [2, 1])).toEqual(['', 'a']);
  });

  it('orders rows by rank, then id', () => {
    const rows = [
      { id: 3, rank: 1 },
      { id: 1, rank: 1 },
      { id: 2, rank: 0 },
    ];
    expect(orderFeatureRows(rows).map((r) => r.id)).toEqual([2, 1, 3]);
  });
});

describe('plan colours', () => {
  it('takes #hex and named colours, nothing else', () => {
    expect(planColorCss('#2563EB')).toBe('#2563eb');
    expect(planColorCss('gold')).toBe('#d4a017');
    expect(planColorCss('Purple')).toBe('#7c3aed');
    for (const bad of ['red;background:url(x)', 'toString', '#12', '', null])
      expect(planColorCss(bad)).toBeUndefined();
  });
});

describe('plan schemas', () => {
  it('needs the stop-out below the margin call on create', () => {
    const base = { title: 'X', color: 'blue', leverage: 10 };
    expect(planCreateSchema.safeParse(base).success).toBe(true);
    expect(planCreateSchema.safeParse({ ...base, stop_out_level: 100 }).success).toBe(false);
  });

  it('takes distinct positive advisor ids and icons from the list', () => {
    expect(planUpdateSchema.safeParse({ eas: [1, 2] }).success).toBe(true);
    expect(planUpdateSchema.safeParse({ eas: [1, 1] }).success).toBe(false);
    expect(planUpdateSchema.safeParse({ eas: [0] }).success).toBe(false);
    expect(planUpdateSchema.safeParse({ icon: 'skull' }).success).toBe(false);
    expect(planUpdateSchema.safeParse({}).success).toBe(false);
  });
});

describe('settings addresses', () => {
  it('accepts http(s) links only', () => {
    for (const ok of ['https://a.example', 'http://localhost:3000/x?y=1#z', 'https://[::1]/'])
      expect(isHttpUrl(ok)).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'ftp://a.example',
      '//a.example',
      'https://',
      'https://a b.example',
      'https://a.example/ x',
    ])
      expect(isHttpUrl(bad)).toBe(false);
  });

  it('knows our branding uploads', () => {
    expect(isBrandingRef('/api/v1/branding/0f8fad5b-d9cb-469f-a165-70867728950e.png')).toBe(true);
    expect(isBrandingRef('/api/v1/branding/../x.png')).toBe(false);
    expect(isBrandingRef('/api/v1/branding/0f8fad5b-d9cb-469f-a165-70867728950e.svg')).toBe(false);
  });

  it('takes a threshold with at most two decimals', () => {
    expect(siteSettingsUpdateSchema.safeParse({ four_eyes_threshold: 1000.25 }).success).toBe(true);
    expect(siteSettingsUpdateSchema.safeParse({ four_eyes_threshold: 0.1 + 0.2 }).success).toBe(true);
    expect(siteSettingsUpdateSchema.safeParse({ four_eyes_threshold: 1.005 }).success).toBe(false);
  });
});
