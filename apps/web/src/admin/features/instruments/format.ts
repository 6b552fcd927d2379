import type { AdminInstrument } from '@openbroker/domain';

/** A spread (a fraction of the rate) as a percentage staff read: 0.0005 → "0.05%". */
export function formatSpread(spread: number): string {
  return `${Number((spread * 100).toFixed(4))}%`;
}

/** A price with the digits the instrument is shown with. */
export function formatPrice(
  inst: Pick<AdminInstrument, 'display_digits' | 'decimals'>,
  price: number | null,
): string {
  if (price === null) return '—';
  const digits = inst.display_digits ?? inst.decimals;
  return price.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export const TYPE_LABELS: Record<AdminInstrument['type'], string> = {
  forex: 'Forex',
  stocks: 'Stocks',
  crypto: 'Crypto',
  commodities: 'Commodities',
  indices: 'Indices',
  metals: 'Metals',
};
