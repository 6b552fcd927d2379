import { centsToAmount, isRedeemable, type SavingsPosition, type SavingsProduct } from '@openbroker/domain';
import type { PositionRow, ProductRow } from './repo.ts';

/** A product as the API shows it: the rate in percent, limits in the product's currency. */
export function presentProduct(row: ProductRow): SavingsProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind,
    currency: row.currency,
    annual_rate: row.annualRateBps / 100,
    term_days: row.termDays,
    min_amount: centsToAmount(row.minCents),
    max_amount: row.maxCents === null ? null : centsToAmount(row.maxCents),
    enabled: row.enabled,
  };
}

/** A position with the rate and term it was opened at (a later change of the product leaves it). */
export function presentPosition(position: PositionRow, product: ProductRow, now: Date): SavingsPosition {
  return {
    id: position.id,
    product: {
      id: product.id,
      name: product.name,
      kind: product.kind,
      term_days: position.termDays,
    },
    account_id: position.tradingAccountId,
    currency: position.currency,
    annual_rate: position.annualRateBps / 100,
    principal: centsToAmount(position.principalCents),
    accrued_interest: centsToAmount(position.accruedCents),
    status: position.status,
    started_at: position.startedAt.toISOString(),
    matures_at: position.maturesAt?.toISOString() ?? null,
    redeemed_at: position.redeemedAt?.toISOString() ?? null,
    redeemable: isRedeemable(position, now),
  };
}
