import type { SavingsPosition, SavingsProduct } from '@openbroker/domain';

/** Test data for the savings tests (not app code). */

export function testProduct(overrides: Partial<SavingsProduct> = {}): SavingsProduct {
  return {
    id: 3,
    name: 'Euro Saver',
    description: 'Daily interest, withdraw any time', // i18n-ignore: test data
    kind: 'flexible',
    currency: 'EUR',
    annual_rate: 4.5,
    term_days: null,
    min_amount: 100,
    max_amount: null,
    enabled: true,
    ...overrides,
  };
}

export function testPosition(overrides: Partial<SavingsPosition> = {}): SavingsPosition {
  return {
    id: 11,
    product: { id: 3, name: 'Euro Saver', kind: 'flexible', term_days: null },
    account_id: 2,
    currency: 'EUR',
    annual_rate: 4.5,
    principal: 1_000,
    accrued_interest: 3.7,
    status: 'active',
    started_at: '2026-02-01T09:00:00.000Z',
    matures_at: null,
    redeemed_at: null,
    redeemable: true,
    ...overrides,
  };
}
