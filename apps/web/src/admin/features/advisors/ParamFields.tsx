import type { StrategyInfo } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { CheckField, TextField } from '../payments/MethodFields';
import { fieldLabel, type ParamValue, rangeText } from './advisorForm';

/** An option of a choice in words: `percent` → "Percent", `sma` → "SMA". */
function optionLabel(option: string): string {
  if (option.length <= 3) return option.toUpperCase();
  const words = option.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The strategy's parameters as a form generated from its field descriptions: numbers as text
 * fields with their range as the hint, choices as selects, flags as checkboxes.
 */
export function ParamFields(props: {
  strategy: StrategyInfo;
  values: Record<string, ParamValue>;
  errors: Record<string, string>;
  onChange: (name: string, value: ParamValue) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      {props.strategy.fields.map((field) => {
        const id = `advisor-param-${field.name}`;
        const label = fieldLabel(field);
        const error = props.errors[`params.${field.name}`];
        const value = props.values[field.name];
        if (field.type === 'boolean') {
          return (
            <div key={field.name} className="flex flex-col gap-1 sm:col-span-2">
              <CheckField
                id={id}
                label={label}
                checked={value === true}
                onChange={(v) => props.onChange(field.name, v)}
              />
              {error ? (
                <p id={`${id}-error`} role="alert" className="text-destructive text-xs">
                  {error}
                </p>
              ) : null}
            </div>
          );
        }
        if (field.type === 'enum') {
          return (
            <div key={field.name} className="flex flex-col gap-2">
              <Label htmlFor={id}>{label}</Label>
              <NativeSelect
                id={id}
                value={typeof value === 'string' ? value : ''}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => props.onChange(field.name, e.target.value)}
              >
                {(field.options ?? []).map((o) => (
                  <option key={o} value={o}>
                    {optionLabel(o)}
                  </option>
                ))}
              </NativeSelect>
              {error ? (
                <p id={`${id}-error`} className="text-destructive text-xs">
                  {error}
                </p>
              ) : null}
            </div>
          );
        }
        const range = rangeText(field);
        return (
          <TextField
            key={field.name}
            id={id}
            label={label}
            value={typeof value === 'string' ? value : ''}
            inputMode={field.type === 'int' ? 'numeric' : 'decimal'}
            onChange={(v) => props.onChange(field.name, v)}
            error={error}
            {...(range
              ? { hint: field.type === 'int' ? t('advisors.form.wholeHint', { range }) : capitalise(range) }
              : {})}
          />
        );
      })}
    </>
  );
}
