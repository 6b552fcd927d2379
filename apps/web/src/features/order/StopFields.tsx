import { TP_SL_STEP } from '@openbroker/domain';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { formatOrderPrice } from './format';

export type StopField = 'takeProfit' | 'stopLoss';

interface StopFieldsProps {
  idPrefix: string;
  register: Record<StopField, UseFormRegisterReturn>;
  errors: Partial<Record<StopField, string | undefined>>;
  /** The calculator's suggested levels 0.1% from entry (SPEC §9); buttons fill them in. */
  suggested?: Record<StopField, number> | null;
  onSuggest?: (field: StopField, value: number) => void;
  disabled?: boolean;
}

const WORDS = {
  takeProfit: {
    labelKey: 'stops.takeProfit',
    suggested: 'stops.suggestedTakeProfit',
    use: 'stops.useTakeProfit',
    short: 'stops.takeProfitShort',
  },
  stopLoss: {
    labelKey: 'stops.stopLoss',
    suggested: 'stops.suggestedStopLoss',
    use: 'stops.useStopLoss',
    short: 'stops.stopLossShort',
  },
} as const;

/**
 * Optional take-profit and stop-loss boxes (SPEC §5 order form; SPEC §9 step 0.01). Empty means
 * not set. Each has a button that fills in the suggested level.
 */
export function StopFields({ idPrefix, register, errors, suggested, onSuggest, disabled }: StopFieldsProps) {
  const { t } = useTranslation('trade');
  return (
    <div className="grid grid-cols-2 gap-3">
      {(['takeProfit', 'stopLoss'] as const).map((field) => {
        const id = `${idPrefix}-${field}`;
        const error = errors[field];
        const level = suggested?.[field];
        const words = WORDS[field];
        return (
          <div key={field} className="flex min-w-0 flex-col gap-1.5">
            <div className="flex min-h-5 items-center justify-between gap-1">
              <Label htmlFor={id} className="text-xs">
                {t(words.labelKey)}
              </Label>
              {level !== undefined && onSuggest ? (
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => onSuggest(field, level)}
                  title={t(words.suggested, { price: formatOrderPrice(level) })}
                  // Not "… take profit": a label search for the box by its name must find the box alone.
                  aria-label={t(words.use)}
                  className="rounded px-1 text-xs font-medium text-primary outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
                >
                  {t(words.short)}
                </button>
              ) : null}
            </div>
            <Input
              id={id}
              type="number"
              inputMode="decimal"
              step={TP_SL_STEP}
              min={0}
              placeholder={t('stops.notSet')}
              autoComplete="off"
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="font-mono"
              {...register[field]}
            />
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
