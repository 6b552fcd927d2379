import { describe, expect, it } from 'vitest';
import {
  convertVolumeText,
  fromLots,
  resolveOrderVolume,
  stepVolumeText,
  toLots,
  type VolumeScale,
} from './orderVolume';

/** EUR/USD with one unit worth 1.1 USD. */
const fx: VolumeScale = { contractSize: 100_000, unitValue: 1.1 };

describe('order volume units (SPEC §4, §5, §9)', () => {
  it('converts between lots, units and account currency', () => {
    expect(toLots(0.05, 'lots', fx)).toBe(0.05);
    expect(toLots(5_000, 'units', fx)).toBe(0.05);
    expect(toLots(5_500, 'currency', fx)).toBe(0.05);
    expect(fromLots(0.07, 'units', fx)).toBe(7_000);
    expect(fromLots(0.07, 'currency', fx)).toBe(7_700);
  });

  it('rounds a currency amount to the nearest hundredth of a lot', () => {
    expect(toLots(1_150, 'currency', fx)).toBe(0.01);
    expect(toLots(1_700, 'currency', fx)).toBe(0.02);
    expect(toLots(500, 'currency', fx)).toBe(0);
  });

  it('cannot convert currency without a rate', () => {
    expect(toLots(100, 'currency', { contractSize: 100_000, unitValue: null })).toBeNaN();
    expect(convertVolumeText('0.01', 'lots', 'currency', { contractSize: 100_000, unitValue: null })).toBe(
      '',
    );
  });

  it('steps one unit step, never below one step after a decrement', () => {
    expect(stepVolumeText('0.01', 'lots', 'up')).toBe('0.02');
    expect(stepVolumeText('0.01', 'lots', 'down')).toBe('0.01');
    expect(stepVolumeText('', 'lots', 'down')).toBe('0.01');
    expect(stepVolumeText('3000', 'units', 'down')).toBe('2000');
    expect(stepVolumeText('1000', 'units', 'down')).toBe('1000');
    expect(stepVolumeText('15', 'currency', 'up')).toBe('20');
    expect(stepVolumeText('10', 'currency', 'down')).toBe('10');
  });

  it('keeps the volume when the unit changes', () => {
    expect(convertVolumeText('0.03', 'lots', 'units', fx)).toBe('3000');
    expect(convertVolumeText('3000', 'units', 'currency', fx)).toBe('3300');
    expect(convertVolumeText('3300', 'currency', 'lots', fx)).toBe('0.03');
    expect(convertVolumeText('', 'lots', 'units', fx)).toBe('');
  });

  it('checks the volume with the domain and gives lots and units', () => {
    expect(resolveOrderVolume('2500', 'units', fx)).toEqual({ ok: false, error: expect.anything() });
    const ok = resolveOrderVolume('0.07', 'lots', fx);
    expect(ok).toEqual({ ok: true, value: { lots: 0.07, units: 7_000 } });
    const messages = ['', '0', '50.01', '1500'].map((text) => {
      const r = resolveOrderVolume(text, text === '1500' ? 'units' : 'lots', fx);
      return r.ok ? null : r.error.message;
    });
    expect(messages).toEqual([
      'Volume must be between 0.01 and 50 lots',
      'Volume must be between 0.01 and 50 lots',
      'Volume must be between 0.01 and 50 lots',
      'Volume must be a multiple of 0.01 lots',
    ]);
  });
});
