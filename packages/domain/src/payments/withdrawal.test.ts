import { describe, expect, it } from 'vitest';
import { canTransition, statesLeadingTo } from '../money/transitions.ts';
import { allocateCardRefund, approvalsRequired, WITHDRAWAL_TRANSITIONS } from './withdrawal.ts';

describe('card refund allocation', () => {
  const deposits = [
    { depositId: 1, refundableCents: 10_000n },
    { depositId: 2, refundableCents: 0n },
    { depositId: 3, refundableCents: 5_000n },
  ];

  it('pays the oldest deposit back first', () => {
    expect(allocateCardRefund(deposits, 4_000n)).toEqual([{ depositId: 1, amountCents: 4_000n }]);
    expect(allocateCardRefund(deposits, 12_000n)).toEqual([
      { depositId: 1, amountCents: 10_000n },
      { depositId: 3, amountCents: 2_000n },
    ]);
  });

  it('refuses more than the card deposits can take back', () => {
    expect(allocateCardRefund(deposits, 15_001n)).toBeUndefined();
    expect(allocateCardRefund([], 1n)).toBeUndefined();
  });
});

describe('withdrawal states', () => {
  it('lets the customer cancel only before approval, and staff reject until completed', () => {
    expect(statesLeadingTo(WITHDRAWAL_TRANSITIONS, 'cancelled')).toEqual(['requested', 'held']);
    expect(statesLeadingTo(WITHDRAWAL_TRANSITIONS, 'rejected')).toEqual([
      'requested',
      'held',
      'approved',
      'processing',
    ]);
    expect(canTransition(WITHDRAWAL_TRANSITIONS, 'processing', 'approved')).toBe(true);
  });

  it('needs two approvals at or above the threshold', () => {
    expect(approvalsRequired(499_999n, 500_000n)).toBe(1);
    expect(approvalsRequired(500_000n, 500_000n)).toBe(2);
  });
});
