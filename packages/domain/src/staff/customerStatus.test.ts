import { describe, expect, it } from 'vitest';
import { CUSTOMER_STATUS_TRANSITIONS, statusesLeadingTo } from './customerStatus.ts';

describe('customer status transitions', () => {
  it('allows approval, hold, deactivation and reactivation only', () => {
    expect(statusesLeadingTo('active').sort()).toEqual(['deactivated', 'pending']);
    expect(statusesLeadingTo('pending')).toEqual(['active']);
    expect(statusesLeadingTo('deactivated').sort()).toEqual(['active', 'pending']);
  });

  it('never lists a status as a move to itself', () => {
    for (const [from, tos] of Object.entries(CUSTOMER_STATUS_TRANSITIONS)) expect(tos).not.toContain(from);
  });
});
