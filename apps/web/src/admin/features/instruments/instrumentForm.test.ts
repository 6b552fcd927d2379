import type { AdminInstrument } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { createOf, EMPTY_FORM, formOf, serverErrors, sessionErrors, updateOf } from './instrumentForm';

const stored: AdminInstrument = {
  id: 1,
  symbol: 'EURUSD',
  symbol_display: 'EUR/USD',
  sy: 'EUR/USD',
  name: 'Euro / US Dollar',
  type: 'forex',
  category: 'Majors',
  base_currency: 'EUR',
  quote_currency: 'USD',
  reference_price: 1.1,
  buy_spread: 0.0001,
  sell_spread: 0.0001,
  leverage: null,
  contract_size: 100_000,
  decimals: 5,
  display_digits: null,
  exchange_zone: 'UTC',
  sessions: null,
  default_hours: '24/5',
  enabled: true,
  rate: 1.1,
  bid: 1.09989,
  ask: 1.10011,
  is_open: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('instrument form', () => {
  it('round-trips a stored instrument into the PATCH body, empty meaning default', () => {
    const r = updateOf(formOf(stored));
    expect(r).toEqual({
      ok: true,
      value: {
        enabled: true,
        name: 'Euro / US Dollar',
        symbol_display: 'EUR/USD',
        buy_spread: 0.0001,
        sell_spread: 0.0001,
        leverage: null,
        contract_size: 100_000,
        display_digits: null,
        sessions: null,
      },
    });
  });

  it('says what is wrong beside each field before sending', () => {
    const r = updateOf({ ...formOf(stored), buy_spread: '0.2', contract_size: '', leverage: 'x' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.buy_spread).toBe('Spread must be below 0.05 (5% of the rate)');
    expect(r.errors.contract_size).toBeDefined();
    expect(r.errors.leverage).toBeDefined();
  });

  it('upper-cases a new symbol and currencies and requires the catalogue fields', () => {
    expect(createOf(EMPTY_FORM).ok).toBe(false);
    const r = createOf({
      ...EMPTY_FORM,
      symbol: 'newco',
      name: 'New Co',
      base_currency: 'newco',
      reference_price: '12.5',
    });
    expect(r).toMatchObject({
      ok: true,
      value: { symbol: 'NEWCO', base_currency: 'NEWCO', reference_price: 12.5 },
    });
  });

  it('routes the server’s session errors to the sessions editor', () => {
    const errors = serverErrors({
      'sessions.mon.1': ['Monday: overlaps'],
      buy_spread: ['Too wide', 'Other'],
    });
    expect(errors).toEqual({ 'sessions.mon.1': 'Monday: overlaps', buy_spread: 'Too wide' });
    expect(sessionErrors(errors)).toEqual({ 'mon.1': 'Monday: overlaps' });
  });
});
