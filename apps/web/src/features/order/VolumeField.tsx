import { sanitizeVolumeInput, VOLUME_UNITS, type VolumeUnit } from '@openbroker/domain';
import { Minus, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
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
}

const UNIT_LABELS: Record<VolumeUnit, string> = { lots: 'Lots', units: 'Units', currency: 'Currency' };

/**
 * The volume box (SPEC §5): typing keeps digits and one decimal point only, the − and + buttons
 * move one step of the unit (0.01 lots, 1,000 units, 10 currency), and a decrement never goes
 * below one step.
 */
export function VolumeField(props: VolumeFieldProps) {
  const { id, value, onValueChange, unit, onUnitChange, currency, max, error, hint, disabled } = props;
  const step = (direction: 'up' | 'down') => {
    const next = stepVolumeText(value, unit, direction);
    const capped = max !== undefined && parseVolumeText(next) > max ? formatVolumeText(max, unit) : next;
    onValueChange(capped);
  };
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>Volume</Label>
        {onUnitChange ? (
          <NativeSelect
            // Named without "Volume" so a label search for the box finds the box alone.
            aria-label="Unit"
            value={unit}
            disabled={disabled}
            onChange={(e) => {
              const next = VOLUME_UNITS.find((u) => u === e.target.value);
              if (next) onUnitChange(next);
            }}
            className="h-7 w-auto py-0 pr-7 pl-2 text-xs"
          >
            {VOLUME_UNITS.map((u) => (
              <option key={u} value={u}>
                {u === 'currency' && currency ? currency : UNIT_LABELS[u]}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <span className="text-xs text-muted-foreground">{UNIT_LABELS[unit]}</span>
        )}
      </div>
      <div className="flex items-stretch gap-1.5">
        <Button
          variant="outline"
          size="icon"
          aria-label="Step down"
          title="Decrease the volume by one step"
          disabled={disabled}
          onClick={() => step('down')}
        >
          <Minus aria-hidden="true" />
        </Button>
        <Input
          id={id}
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
          aria-label="Step up"
          title="Increase the volume by one step"
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
