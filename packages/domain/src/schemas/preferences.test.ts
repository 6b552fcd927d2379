import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PREFERENCES,
  notificationKindOf,
  preferencesUpdateSchema,
  resolvePreferences,
} from './preferences.ts';

describe('preferences', () => {
  it('accepts a real IANA zone and refuses a made-up one', () => {
    expect(preferencesUpdateSchema.safeParse({ time_zone: 'Europe/Berlin' }).success).toBe(true);
    const bad = preferencesUpdateSchema.safeParse({ time_zone: 'Mars/Olympus' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Choose a time zone from the list');
  });

  it('refuses an unknown language and a malformed currency', () => {
    expect(preferencesUpdateSchema.safeParse({ language: 'de' }).success).toBe(false);
    expect(preferencesUpdateSchema.safeParse({ display_currency: 'usd' }).success).toBe(false);
  });

  it('has no display currency by default (each account in its own) and may clear a chosen one', () => {
    expect(DEFAULT_PREFERENCES.display_currency).toBeNull();
    expect(preferencesUpdateSchema.safeParse({ display_currency: null }).success).toBe(true);
    expect(resolvePreferences({ display_currency: 'EUR' }).display_currency).toBe('EUR');
    expect(resolvePreferences({ display_currency: 'USD' }).display_currency).toBe('USD');
    expect(resolvePreferences({}).display_currency).toBeNull();
  });

  it('falls back to the defaults for anything stored that no longer validates', () => {
    expect(resolvePreferences({ sounds: 'loud' })).toEqual(DEFAULT_PREFERENCES);
    expect(resolvePreferences({ sounds: false }).sounds).toBe(false);
    expect(resolvePreferences(null)).toEqual(DEFAULT_PREFERENCES);
  });

  it('classifies notifications by title, leaving security notices unclassified', () => {
    expect(notificationKindOf('Margin call')).toBe('margin_call');
    expect(notificationKindOf('Stop out')).toBe('trade_closed');
    expect(notificationKindOf('Funds credited')).toBe('money');
    expect(notificationKindOf('Password changed')).toBeNull();
  });
});
