import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settlementSplit } from './settlement.ts';

describe('settlement waterfall (DESIGN §6 negative balance protection)', () => {
  it('credits a profit to the balance', () => {
    expect(settlementSplit({ pnlCents: 12_345n, balanceCents: 0n, creditCents: 500n })).toEqual({
      toBalanceCents: 12_345n,
      fromCreditCents: 0n,
      deficitCents: 0n,
    });
    expect(settlementSplit({ pnlCents: 0n, balanceCents: 10n, creditCents: 10n })).toEqual({
      toBalanceCents: 0n,
      fromCreditCents: 0n,
      deficitCents: 0n,
    });
  });

  it('pays a loss from the balance while it lasts', () => {
    expect(settlementSplit({ pnlCents: -4_000n, balanceCents: 10_000n, creditCents: 500n })).toEqual({
      toBalanceCents: -4_000n,
      fromCreditCents: 0n,
      deficitCents: 0n,
    });
  });

  it('then from credit, then books the rest as negative balance protection', () => {
    expect(settlementSplit({ pnlCents: -10_300n, balanceCents: 10_000n, creditCents: 500n })).toEqual({
      toBalanceCents: -10_000n,
      fromCreditCents: 300n,
      deficitCents: 0n,
    });
    expect(settlementSplit({ pnlCents: -12_000n, balanceCents: 10_000n, creditCents: 500n })).toEqual({
      toBalanceCents: -10_000n,
      fromCreditCents: 500n,
      deficitCents: 1_500n,
    });
  });

  it('treats a negative balance or credit as nothing to pay from', () => {
    expect(settlementSplit({ pnlCents: -100n, balanceCents: -50n, creditCents: -1n })).toEqual({
      toBalanceCents: 0n,
      fromCreditCents: 0n,
      deficitCents: 100n,
    });
  });

  it('accounts for every cent of a loss and never overdraws', () => {
    const cents = fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n });
    fc.assert(
      fc.property(cents, cents, cents, (pnlCents, balanceCents, creditCents) => {
        const s = settlementSplit({ pnlCents, balanceCents, creditCents });
        expect(s.fromCreditCents >= 0n && s.deficitCents >= 0n).toBe(true);
        if (pnlCents >= 0n) {
          expect(s).toEqual({ toBalanceCents: pnlCents, fromCreditCents: 0n, deficitCents: 0n });
          return;
        }
        expect(-s.toBalanceCents + s.fromCreditCents + s.deficitCents).toBe(-pnlCents);
        expect(s.toBalanceCents <= 0n).toBe(true);
        if (balanceCents >= 0n) expect(balanceCents + s.toBalanceCents >= 0n).toBe(true);
        if (creditCents >= 0n) expect(creditCents - s.fromCreditCents >= 0n).toBe(true);
        // Protection only once both the balance and the credit are spent.
        if (s.deficitCents > 0n) {
          expect(balanceCents + s.toBalanceCents <= 0n).toBe(true);
          expect(creditCents - s.fromCreditCents <= 0n).toBe(true);
        }
      }),
    );
  });
});
