import type { VolumeUnit } from '@openbroker/domain';
import { formatAmount, formatLots, formatUnits } from './format';

interface VolumeEquivalentsProps {
  unit: VolumeUnit;
  lots: number;
  units: number;
  /** The position's value in the account currency; null while no rate is known. */
  value: number | null;
  currency: string;
}

/** The volume in the units not being typed in: "= 1,000 units · ≈ $1,170.25". */
export function VolumeEquivalents({ unit, lots, units, value, currency }: VolumeEquivalentsProps) {
  const parts: string[] = [];
  if (unit !== 'lots') parts.push(`${formatLots(lots)} lots`);
  if (unit !== 'units') parts.push(`${formatUnits(units)} units`);
  if (unit !== 'currency' && value !== null) parts.push(`≈ ${formatAmount(value, currency)}`);
  return <span data-testid="volume-equivalents">= {parts.join(' · ')}</span>;
}
