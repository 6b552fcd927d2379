import { describe, expect, it } from 'vitest';
import { accountNumberOfWireReference, wireReference } from './depositReference.ts';

describe('wire references', () => {
  it('names the account with two MOD 97 check digits', () => {
    const ref = wireReference('100234');
    expect(ref).toMatch(/^OB-100234-\d{2}$/);
    expect(accountNumberOfWireReference(ref)).toBe('100234');
    expect(accountNumberOfWireReference(ref.toLowerCase().replaceAll('-', ' '))).toBe('100234');
  });

  it('catches a mistyped digit or swapped neighbours', () => {
    const ref = wireReference('100234');
    expect(accountNumberOfWireReference(ref.replace('100234', '100243'))).toBeNull();
    expect(accountNumberOfWireReference(ref.replace('100234', '100235'))).toBeNull();
    expect(accountNumberOfWireReference('OB-100234')).toBeNull();
  });
});
