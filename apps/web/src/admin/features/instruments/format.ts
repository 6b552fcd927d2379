import type { AdminInstrument } from '@openbroker/domain';
import { formatPercent } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';

/** A spread (a fraction of the rate) as a percentage staff read: 0.0005 → "0.05%". */
export function formatSpread(spread: number): string {
  return formatPercent(Number((spread * 100).toFixed(4)), 4);
}

/** A price with the digits the instrument is shown with: a quote keeps the market's notation. */
export function formatPrice(
  inst: Pick<AdminInstrument, 'display_digits' | 'decimals'>,
  price: number | null,
): string {
  if (price === null) return '—';
  const digits = inst.display_digits ?? inst.decimals;
  return price.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** An asset type in the reader's language ("Forex", "Acciones"), read when shown. */
export function typeLabel(type: AdminInstrument['type']): string {
  return i18n.t(`adminOps:labels.assetType.${type}`);
}
