import type { SavingsProduct } from '@openbroker/domain';
import { formatDate, formatNumber } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';

/** "4.50 % a year", in the reader's language. */
export function formatRate(annualRate: number): string {
  return i18n.t('money:savings.rate', {
    rate: formatNumber(annualRate, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  });
}

/** "Flexible" or "Fixed term". */
export function kindLabel(kind: SavingsProduct['kind']): string {
  return kind === 'flexible' ? i18n.t('money:savings.flexible') : i18n.t('money:savings.fixed');
}

/** "Flexible" or "90 days". */
export function formatTerm(product: Pick<SavingsProduct, 'kind' | 'term_days'>): string {
  return product.kind === 'flexible' || product.term_days === null
    ? i18n.t('money:savings.flexible')
    : i18n.t('money:savings.days', { count: product.term_days });
}

/** A day in the reader's language ("Mar 5, 2026"); "—" for none. */
export function formatDay(iso: string | null): string {
  return iso === null ? '—' : formatDate(iso, { dateStyle: 'medium' });
}

/**
 * Simple interest an amount would earn at the rate for a year, to the cent: an estimate for the
 * form only (the server accrues daily and books what it computes).
 */
export function yearlyInterestEstimate(amount: number, annualRate: number): number {
  return Math.round(amount * annualRate) / 100;
}
