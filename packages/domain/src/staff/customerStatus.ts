import type { UserStatus } from '../schemas/registration.ts';

/**
 * Which status a customer may move to from each status (SPEC §4 account status gating): staff
 * approve a pending customer, hold an active one back to pending, deactivate either, and
 * reactivate a deactivated one. Applied compare-and-set (DESIGN §11), so of concurrent clicks
 * exactly one moves the customer.
 */
export const CUSTOMER_STATUS_TRANSITIONS: Readonly<Record<UserStatus, readonly UserStatus[]>> = {
  pending: ['active', 'deactivated'],
  active: ['pending', 'deactivated'],
  deactivated: ['active'],
};

/** The statuses a customer may be in for a move to `to` to be allowed. */
export function statusesLeadingTo(to: UserStatus): UserStatus[] {
  return (Object.keys(CUSTOMER_STATUS_TRANSITIONS) as UserStatus[]).filter((from) =>
    CUSTOMER_STATUS_TRANSITIONS[from].includes(to),
  );
}
