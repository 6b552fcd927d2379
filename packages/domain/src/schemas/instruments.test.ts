import { describe, expect, it } from 'vitest';
import { everyDay } from '../hours/sessions.ts';
import { instrumentCreateSchema, instrumentQuerySchema, instrumentUpdateSchema } from './instruments.ts';

const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('instrument update', () => {
  it('takes any subset of the editable fields', () => {
    expect(instrumentUpdateSchema.parse({ buy_spread: 0.001, leverage: null, sessions: null })).toEqual({
      buy_spread: 0.001,
      leverage: null,
      sessions: null,
    });
  });

  it('explains each bad value beside its field', () => {
    const r = instrumentUpdateSchema.safeParse({
      buy_spread: 0.05,
      sell_spread: -0.0001,
      leverage: 1001,
      contract_size: 0,
      display_digits: 12,
      name: '  ',
    });
    expect(errorsOf(r)).toEqual({
      buy_spread: 'Spread must be below 0.05 (5% of the rate)',
      sell_spread: 'Spread cannot be negative',
      leverage: 'Leverage must be between 1 and 1000',
      contract_size: 'Contract size must be greater than 0',
      display_digits: 'Display digits must be between 0 and 8',
      name: 'Name is required',
    });
  });

  it('refuses an empty change and unknown fields', () => {
    expect(errorsOf(instrumentUpdateSchema.safeParse({}))).toEqual({ '': 'Nothing to change' });
    expect(instrumentUpdateSchema.safeParse({ symbol: 'X' }).success).toBe(false);
  });
});

describe('new instrument', () => {
  const valid = {
    symbol: 'NEWCO',
    name: 'New Company Inc.',
    type: 'stocks',
    base_currency: 'NEWCO',
    quote_currency: 'USD',
    reference_price: 42.5,
    buy_spread: 0.0005,
    sell_spread: 0.0005,
    contract_size: 1,
    exchange_zone: 'America/New_York',
  } as const;

  it('fills the optional fields with defaults', () => {
    expect(instrumentCreateSchema.parse(valid)).toMatchObject({
      leverage: null,
      display_digits: null,
      sessions: null,
      enabled: true,
    });
    expect(
      instrumentCreateSchema.safeParse({ ...valid, sessions: everyDay([['09:00', '17:00']]) }).success,
    ).toBe(true);
  });

  it('refuses a bad symbol, currency, zone and price', () => {
    const r = instrumentCreateSchema.safeParse({
      ...valid,
      symbol: 'new co',
      quote_currency: 'usd',
      exchange_zone: 'Mars/Olympus',
      reference_price: 0,
    });
    expect(Object.keys(errorsOf(r)).sort()).toEqual([
      'exchange_zone',
      'quote_currency',
      'reference_price',
      'symbol',
    ]);
  });
});

describe('instrument list query', () => {
  it('whitelists the sort and defaults to symbol', () => {
    expect(instrumentQuerySchema.parse({}).sort).toBe('symbol');
    expect(instrumentQuerySchema.parse({ sort: '-spread' }).sort).toBe('-spread');
    expect(instrumentQuerySchema.safeParse({ sort: 'name; drop table' }).success).toBe(false);
  });
});
