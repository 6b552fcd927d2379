import { describe, expect, it } from 'vitest';
import { depositReason, depositStatusText } from './depositStatus';
import { limitError, quoteFee } from './feeQuote';
import { testDeposit } from './testing';

describe('fee preview', () => {
  it('rounds the percentage half up to the cent and adds the fixed part, as the server does', () => {
    expect(quoteFee(100, { fee_percent: 2.5, fee_fixed: 0.3 })).toEqual({
      fee: 2.8,
      net: 97.2,
      total: 102.8,
    });
    expect(quoteFee(10.1, { fee_percent: 1.5, fee_fixed: 0 })).toEqual({
      fee: 0.15,
      net: 9.95,
      total: 10.25,
    });
    expect(quoteFee(0.2, { fee_percent: 0, fee_fixed: 0.3 }).net).toBe(0);
  });

  it('names the broken limit', () => {
    expect(limitError(5, 10, null, 'EUR')).toBe('The minimum is €10.00');
    expect(limitError(50, 10, 20, 'USD')).toBe('The maximum is $20.00');
    expect(limitError(15, 10, null, 'USD')).toBeNull();
  });
});

describe('deposit status text', () => {
  it('counts confirmations and explains a rejection', () => {
    const d = testDeposit({ id: 1, status: 'confirming', confirmations: 0, required_confirmations: 12 });
    expect(depositStatusText(d)).toBe('Confirming 0/12');
    expect(depositStatusText({ ...d, status: 'expired' })).toBe('Expired');
    expect(depositReason({ reason_code: 'amount_mismatch', reason: null })).toBe('The amount does not match');
    expect(depositReason({ reason_code: 'other', reason: 'Sent twice' })).toBe('Sent twice');
    expect(depositReason({ reason_code: null, reason: null })).toBeNull();
  });
});
