import type { VolumeUnit } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatUnits, lotsLabel } from './format';

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
  const { t } = useTranslation('trade');
  const parts: string[] = [];
  if (unit !== 'lots') parts.push(t('common.lots', { lots: lotsLabel(lots) }));
  if (unit !== 'units') parts.push(t('common.units', { units: formatUnits(units) }));
  if (unit !== 'currency' && value !== null) parts.push(`≈ ${formatAmount(value, currency)}`);
  return <span data-testid="volume-equivalents">= {parts.join(' · ')}</span>;
}
