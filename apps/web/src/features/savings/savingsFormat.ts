import type { SavingsProduct } from '@openbroker/domain';

/** "4.50 % a year". */
export function formatRate(annualRate: number): string {
  return `${annualRate.toFixed(2)} % a year`;
}

/** "Flexible" or "Fixed term". */
export function kindLabel(kind: SavingsProduct['kind']): string {
  return kind === 'flexible' ? 'Flexible' : 'Fixed term';
}

/** "Flexible" or "90 days". */
export function formatTerm(product: Pick<SavingsProduct, 'kind' | 'term_days'>): string {
  return product.kind === 'flexible' || product.term_days === null ? 'Flexible' : `${product.term_days} days`;
}

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function formatDay(iso: string | null): string {
  return iso === null ? '—' : day.format(new Date(iso));
}

/**
 * Simple interest an amount would earn at the rate for a year, to the cent: an estimate for the
 * form only (the server accrues daily and books what it computes).
 */
export function yearlyInterestEstimate(amount: number, annualRate: number): number {
  return Math.round(amount * annualRate) / 100;
}
