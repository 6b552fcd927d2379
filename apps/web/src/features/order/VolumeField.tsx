import { sanitizeVolumeInput, VOLUME_UNITS, type VolumeUnit } from '@openbroker/domain';
import { Minus, Plus } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { formatVolumeText, parseVolumeText, stepVolumeText } from './orderVolume';

interface VolumeFieldProps {
  id: string;
  value: string;
  onValueChange: (text: string) => void;
  unit: VolumeUnit;
  /** Given, the unit is chosen from lots/units/currency; absent, the box is in `unit` only. */
  onUnitChange?: (unit: VolumeUnit) => void;
  /** The account currency, naming the "currency" unit ('USD'). */
  currency?: string;
  /** The most the + button may reach, in `unit` (a partial close stops at the position's size). */
  max?: number;
  error?: string | undefined;
  /** A line under the box, e.g. the volume in the other units. */
  hint?: ReactNode;
  disabled?: boolean;
  /** The box itself, for a dialog that starts on it. */
  inputRef?: Ref<HTMLInputElement>;
}

const UNIT_KEYS = { lots: 'volume.lots', units: 'volume.units', currency: 'volume.currency' } as const;

/**
 * The volume box (SPEC §5): typing keeps digits and one decimal point only, the − and + buttons
 * move one step of the unit (0.01 lots, 1,000 units, 10 currency), and a decrement never goes
 * below one step.
 */
export function VolumeField(props: VolumeFieldProps) {
  const { id, value, onValueChange, unit, onUnitChange, currency, max, error, hint, disabled, inputRef } =
    props;
  const { t } = useTranslation('trade');
  const step = (direction: 'up' | 'down') => {
    const next = stepVolumeText(value, unit, direction);
    const capped = max !== undefined && parseVolumeText(next) > max ? formatVolumeText(max, unit) : next;
    onValueChange(capped);
  };
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{t('volume.label')}</Label>
        {onUnitChange ? (
          <NativeSelect
            // Named without "Volume" so a label search for the box finds the box alone.
            aria-label={t('volume.unit')}
            value={unit}
            disabled={disabled}
            onChange={(e) => {
              const next = VOLUME_UNITS.find((u) => u === e.target.value);
              if (next) onUnitChange(next);
            }}
            className="h-7 w-auto py-0 ps-2 pe-7 text-xs"
          >
            {VOLUME_UNITS.map((u) => (
              <option key={u} value={u}>
                {u === 'currency' && currency ? currency : t(UNIT_KEYS[u])}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <span className="text-xs text-muted-foreground">{t(UNIT_KEYS[unit])}</span>
        )}
      </div>
      <div className="flex items-stretch gap-1.5">
        <Button
          variant="outline"
          size="icon"
          aria-label={t('volume.stepDown')}
          title={t('volume.stepDownHint')}
          disabled={disabled}
          onClick={() => step('down')}
        >
          <Minus aria-hidden="true" />
        </Button>
        <Input
          id={id}
          ref={inputRef}
          value={value}
          inputMode="decimal"
          autoComplete="off"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onValueChange(sanitizeVolumeInput(e.target.value))}
          className="text-center font-mono text-base"
        />
        <Button
          variant="outline"
          size="icon"
          aria-label={t('volume.stepUp')}
          title={t('volume.stepUpHint')}
          disabled={disabled}
          onClick={() => step('up')}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-muted-foreground">{hint}</p>
      ) : null}
    </div>
  );
}
