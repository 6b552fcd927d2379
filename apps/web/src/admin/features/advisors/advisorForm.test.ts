import { listStrategies, type StrategyInfo } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import {
  advisorFormValues,
  advisorRequest,
  errorKey,
  fieldLabel,
  minuteText,
  NEW_ADVISOR,
  paramValues,
  textMinute,
} from './advisorForm';
import { ADVISOR } from './testFixtures';

function strategy(key: string): StrategyInfo {
  const found = listStrategies().find((s) => s.key === key);
  if (!found) throw new Error(key);
  return found;
}

describe('advisor form', () => {
  it('round-trips a stored advisor into the same body', () => {
    const ma = strategy('ma_crossover');
    const { body, errors } = advisorRequest(advisorFormValues(ADVISOR, ma), ma);
    expect(errors).toEqual({});
    const {
      id,
      strategy_name,
      summary,
      symbol,
      downloads,
      rating,
      backtest,
      created_at,
      updated_at,
      ...input
    } = ADVISOR;
    expect(body).toEqual(input);
  });

  it('types each parameter as its field declares: numbers, whole numbers, flags, choices', () => {
    const grid = strategy('grid');
    const values = {
      ...NEW_ADVISOR,
      strategy: 'grid',
      params: {
        ...paramValues(grid),
        step: ' 0.25 ',
        maxLevels: '3',
        haltAfterHardStop: false,
        stepUnit: 'price',
      },
    };
    const { body, errors } = advisorRequest(values, grid);
    expect(body.params).toEqual({
      timeframeSec: 60,
      stepUnit: 'price',
      step: 0.25,
      maxLevels: 3,
      lots: 0.01,
      maxTotalLots: 0.05,
      hardStop: 0.8,
      haltAfterHardStop: false,
    });
    expect(Object.keys(errors).filter((k) => k.startsWith('params.'))).toEqual([]);
  });

  it('refuses a fraction for a whole number, a value out of range and an unknown choice', () => {
    const ma = strategy('ma_crossover');
    const values = {
      ...NEW_ADVISOR,
      strategy: 'ma_crossover',
      params: { ...paramValues(ma), fast: '2.5', slow: '900', maType: 'wma', lots: '' },
    };
    const { errors } = advisorRequest(values, ma);
    expect(errors['params.fast']).toBe('Enter a whole number from 2 to 200');
    expect(errors['params.slow']).toBe('Enter a whole number from 3 to 500');
    expect(errors['params.maType']).toBe('Choose one of the options');
    expect(errors['params.lots']).toBe('Enter a number from 0.01 to 100');
  });

  it('sends trading hours as minutes, midnight as the end of the day, or null for any time', () => {
    expect(textMinute('07:30')).toBe(450);
    expect(textMinute('00:00', true)).toBe(1440);
    expect(textMinute('24:00', true)).toBe(1440);
    expect(Number.isNaN(textMinute('25:00'))).toBe(true);
    expect(minuteText(1440)).toBe('24:00');
    const ma = strategy('ma_crossover');
    const base = { ...advisorFormValues(ADVISOR, ma), anyHours: false, hoursFrom: '22:00', hoursTo: '06:00' };
    expect(advisorRequest(base, ma).body.limits.hours).toEqual({ fromMinute: 1320, toMinute: 360 });
    expect(advisorRequest({ ...base, anyHours: true }, ma).body.limits.hours).toBeNull();
  });

  it('puts the server’s error paths on the form’s fields', () => {
    expect(errorKey('features.3')).toBe('features');
    expect(errorKey('plan_ids.0')).toBe('plan_ids');
    expect(errorKey('limits.hours')).toBe('limits.hours.fromMinute');
    expect(errorKey('params.fast')).toBe('params.fast');
  });

  it('labels a field by its description, or its name in words', () => {
    const field = {
      name: 'maxTotalLots',
      type: 'number',
      min: null,
      max: null,
      options: null,
      default: 1,
    } as const;
    expect(fieldLabel({ ...field, label: 'Most lots open at once' })).toBe('Most lots open at once');
    expect(fieldLabel({ ...field, label: 'maxTotalLots' })).toBe('Max total lots');
  });
});
