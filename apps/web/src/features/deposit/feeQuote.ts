import { centsToAmount, feeCents, toCents } from '@openbroker/domain';
import { formatAmount } from '@/features/money/convert';
import { i18n } from '@/i18n/i18n';

export interface FeeRule {
  fee_percent: number;
  fee_fixed: number;
}

export interface FeeQuote {
  fee: number;
  /** What reaches the account (deposits): amount − fee, never below zero. */
  net: number;
  /** What leaves the account (withdrawals): amount + fee. */
  total: number;
}

/**
 * The fee the server will charge for `amount`, worked out with the domain's own rule so the
 * preview matches; the server's figure is the one that counts.
 */
export function quoteFee(amount: number, rule: FeeRule): FeeQuote {
  const cents = toCents(amount);
  const fee = feeCents(cents, rule.fee_percent * 100, toCents(rule.fee_fixed));
  const net = cents - fee;
  return {
    fee: centsToAmount(fee),
    net: centsToAmount(net < 0n ? 0n : net),
    total: centsToAmount(cents + fee),
  };
}

/** The limit an amount breaks, in the customer's words, or null when it is within them. */
export function limitError(amount: number, min: number, max: number | null, currency: string): string | null {
  if (amount < min) return i18n.t('money:deposit.limits.minimum', { amount: formatAmount(min, currency) });
  if (max !== null && amount > max) {
    return i18n.t('money:deposit.limits.maximum', { amount: formatAmount(max, currency) });
  }
  return null;
}
