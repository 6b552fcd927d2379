import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { CheckField, TextField } from '../payments/MethodFields';
import type { AdvisorFormValues } from './advisorForm';

type LimitKey =
  | 'maxLots'
  | 'maxOpenPositions'
  | 'equityStopPct'
  | 'closeOnEquityStop'
  | 'anyHours'
  | 'hoursFrom'
  | 'hoursTo';

/** A time input with its label and error, for the trading hours. */
function TimeField(props: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  hint?: string;
  onChange: (v: string) => void;
}) {
  const note = props.error ? `${props.id}-error` : props.hint ? `${props.id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        type="time"
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={note}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error ? (
        <p id={`${props.id}-error`} className="text-destructive text-xs">
          {props.error}
        </p>
      ) : props.hint ? (
        <p id={`${props.id}-hint`} className="text-muted-foreground text-xs">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

/** The risk limits every run of the advisor keeps (issue 16). */
export function LimitsFields(props: {
  values: AdvisorFormValues;
  errors: Record<string, string>;
  onChange: <K extends LimitKey>(field: K, value: AdvisorFormValues[K]) => void;
}) {
  const { t } = useTranslation('admin');
  const { values, errors } = props;
  return (
    <>
      <TextField
        id="advisor-maxLots"
        label={t('advisors.limits.maxLots')}
        inputMode="decimal"
        value={values.maxLots}
        onChange={(v) => props.onChange('maxLots', v)}
        error={errors['limits.maxLots']}
        hint={t('advisors.limits.maxLotsHint')}
      />
      <TextField
        id="advisor-maxOpenPositions"
        label={t('advisors.limits.maxOpenPositions')}
        inputMode="numeric"
        value={values.maxOpenPositions}
        onChange={(v) => props.onChange('maxOpenPositions', v)}
        error={errors['limits.maxOpenPositions']}
      />
      <TextField
        id="advisor-equityStopPct"
        label={t('advisors.limits.equityStop')}
        inputMode="decimal"
        value={values.equityStopPct}
        onChange={(v) => props.onChange('equityStopPct', v)}
        error={errors['limits.equityStopPct']}
        hint={t('advisors.limits.equityStopHint')}
      />
      <div className="flex items-end pb-2">
        <CheckField
          id="advisor-closeOnEquityStop"
          label={t('advisors.limits.closeOnEquityStop')}
          checked={values.closeOnEquityStop}
          onChange={(v) => props.onChange('closeOnEquityStop', v)}
        />
      </div>
      <div className="sm:col-span-2">
        <CheckField
          id="advisor-anyHours"
          label={t('advisors.limits.anyHours')}
          checked={values.anyHours}
          onChange={(v) => props.onChange('anyHours', v)}
        />
      </div>
      {values.anyHours ? null : (
        <>
          <TimeField
            id="advisor-hoursFrom"
            label={t('advisors.limits.from')}
            value={values.hoursFrom}
            error={errors['limits.hours.fromMinute']}
            hint={t('advisors.limits.fromHint')}
            onChange={(v) => props.onChange('hoursFrom', v)}
          />
          <TimeField
            id="advisor-hoursTo"
            label={t('advisors.limits.to')}
            value={values.hoursTo}
            error={errors['limits.hours.toMinute']}
            hint={t('advisors.limits.toHint')}
            onChange={(v) => props.onChange('hoursTo', v)}
          />
        </>
      )}
    </>
  );
}
