import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withdrawableCents } from './withdrawable.ts';

const base = { balanceCents: 100_000n, creditCents: 0n, usedMarginCents: 0n, floatingPnlCents: 0n };

describe('withdrawableCents', () => {
  it('is the balance when nothing is open', () => {
    expect(withdrawableCents(base)).toBe(100_000n);
  });

  it('never includes credit', () => {
    expect(withdrawableCents({ ...base, creditCents: 50_000n })).toBe(100_000n);
    expect(withdrawableCents({ ...base, balanceCents: 0n, creditCents: 50_000n })).toBe(0n);
  });

  it('leaves out the margin of open positions and floating losses', () => {
    expect(withdrawableCents({ ...base, usedMarginCents: 30_000n })).toBe(70_000n);
    expect(withdrawableCents({ ...base, usedMarginCents: 30_000n, floatingPnlCents: -5_000n })).toBe(65_000n);
  });

  it('does not let a floating profit raise it above the balance', () => {
    expect(withdrawableCents({ ...base, floatingPnlCents: 40_000n })).toBe(100_000n);
    expect(withdrawableCents({ ...base, usedMarginCents: 30_000n, floatingPnlCents: 40_000n })).toBe(
      100_000n,
    );
  });

  it('does not let credit cover margin: used margin comes out of the customer’s own money', () => {
    expect(withdrawableCents({ ...base, creditCents: 200_000n, usedMarginCents: 150_000n })).toBe(0n);
  });

  it('is never negative and never more than the balance', () => {
    const cents = fc.bigInt({ min: 0n, max: 10n ** 12n });
    fc.assert(
      fc.property(cents, cents, cents, fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), (b, c, m, p) => {
        const w = withdrawableCents({
          balanceCents: b,
          creditCents: c,
          usedMarginCents: m,
          floatingPnlCents: p,
        });
        return w >= 0n && w <= b;
      }),
    );
  });
});
