import { ASSET_TYPES, type AssetType, scheduleFor } from '@openbroker/domain';
import { type FormEvent, type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { localIssues } from '../settings/localIssue';
import { formatSpread, typeLabel } from './format';
import { type FieldErrors, type InstrumentFormValues, sessionErrors } from './instrumentForm';
import { SessionsEditor } from './SessionsEditor';

type TextField = {
  [K in keyof InstrumentFormValues]: InstrumentFormValues[K] extends string ? K : never;
}[keyof InstrumentFormValues];

function Field(props: {
  id: string;
  label: string;
  error: string | undefined;
  hint?: ReactNode;
  children: (a11y: { id: string; 'aria-invalid'?: true; 'aria-describedby': string }) => ReactNode;
}) {
  const describedBy = `${props.id}-help`;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      {props.children({
        id: props.id,
        'aria-invalid': props.error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      <div id={describedBy} className="flex flex-col gap-0.5">
        {props.hint ? <p className="text-muted-foreground text-xs">{props.hint}</p> : null}
        {props.error ? <p className="text-destructive text-xs">{props.error}</p> : null}
      </div>
    </div>
  );
}

/**
 * Every field of an instrument staff may set (issue 13): on an existing one the catalogue fields
 * (symbol, type, currencies, zone, reference price) are fixed; a new one takes them all.
 */
export function InstrumentForm(props: {
  mode: 'edit' | 'create';
  values: InstrumentFormValues;
  onChange: (values: InstrumentFormValues) => void;
  errors: FieldErrors;
  onSubmit: () => void;
  pending: boolean;
  readOnly?: boolean;
  footer?: ReactNode;
}) {
  const { t } = useTranslation('adminOps');
  const id = useId();
  const v = props.values;
  const errors = useMemo(() => localIssues(props.errors), [props.errors]);
  const set = (patch: Partial<InstrumentFormValues>) => props.onChange({ ...v, ...patch });
  const creating = props.mode === 'create';
  const text = (
    name: TextField,
    label: string,
    extra: { hint?: ReactNode; placeholder?: string; inputMode?: 'decimal' | 'numeric' } = {},
  ) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]} hint={extra.hint}>
      {(a11y) => (
        <Input
          {...a11y}
          value={v[name]}
          placeholder={extra.placeholder}
          inputMode={extra.inputMode}
          readOnly={props.readOnly}
          onChange={(e) => set({ [name]: e.target.value })}
        />
      )}
    </Field>
  );
  const spreadHint = (text: string) => {
    const n = Number(text);
    return text.trim() !== '' && Number.isFinite(n)
      ? t('instruments.form.spreadOfRate', { percent: formatSpread(n) })
      : t('instruments.form.spreadHint');
  };
  const defaultHours = (type: AssetType, zone: string) => {
    const schedule = scheduleFor(type, zone);
    switch (schedule.kind) {
      case 'always':
      case 'forex':
      case 'electronic':
      case 'default':
        return t(`instruments.hours.${schedule.kind}`);
      case 'exchange':
        return t('instruments.hours.exchange', { zone: schedule.timeZone });
      default:
        return schedule.description;
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {errors.form ? (
        <p role="alert" className="text-destructive text-sm">
          {errors.form}
        </p>
      ) : null}
      <section
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
        aria-label={t('instruments.form.instrumentSection')}
      >
        {creating
          ? text('symbol', t('instruments.form.symbol'), {
              placeholder: t('instruments.form.symbolPlaceholder'),
              hint: t('instruments.form.symbolHint'),
            })
          : null}
        {text('name', t('instruments.form.name'))}
        {text(
          'symbol_display',
          t('instruments.form.displaySymbol'),
          creating ? { hint: t('instruments.form.displaySymbolHint') } : {},
        )}
        {creating ? (
          <>
            <Field id={`${id}-type`} label={t('instruments.form.type')} error={errors.type}>
              {(a11y) => (
                <NativeSelect
                  {...a11y}
                  value={v.type}
                  onChange={(e) =>
                    set({ type: ASSET_TYPES.find((type) => type === e.target.value) ?? v.type })
                  }
                >
                  {ASSET_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {typeLabel(type)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            {text('category', t('instruments.form.category'), {
              placeholder: t('instruments.form.categoryPlaceholder'),
            })}
            {text('base_currency', t('instruments.form.baseCurrency'), {
              placeholder: t('instruments.form.baseCurrencyPlaceholder'),
            })}
            {/* i18n-ignore: a currency code */}
            {text('quote_currency', t('instruments.form.quoteCurrency'), { placeholder: 'USD' })}
            {text('reference_price', t('instruments.form.referencePrice'), {
              inputMode: 'decimal',
              hint: t('instruments.form.referencePriceHint'),
            })}
            {text('exchange_zone', t('instruments.form.exchangeZone'), {
              // i18n-ignore: an IANA zone name
              placeholder: 'America/New_York',
              hint: t('instruments.form.exchangeZoneHint'),
            })}
          </>
        ) : (
          <Field id={`${id}-fixed`} label={t('instruments.form.fixed')} error={undefined}>
            {(a11y) => (
              <Input
                {...a11y}
                readOnly
                value={`${typeLabel(v.type)} · ${v.base_currency}/${v.quote_currency} · ${v.exchange_zone}`}
              />
            )}
          </Field>
        )}
      </section>

      <section
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
        aria-label={t('instruments.form.dealingSection')}
      >
        {text('buy_spread', t('instruments.form.buySpread'), {
          inputMode: 'decimal',
          hint: spreadHint(v.buy_spread),
        })}
        {text('sell_spread', t('instruments.form.sellSpread'), {
          inputMode: 'decimal',
          hint: spreadHint(v.sell_spread),
        })}
        {text('leverage', t('instruments.form.leverage'), {
          inputMode: 'numeric',
          placeholder: t('instruments.form.leveragePlaceholder'),
          hint: t('instruments.form.leverageHint'),
        })}
        {text('contract_size', t('instruments.form.contractSize'), {
          inputMode: 'decimal',
          hint: t('instruments.form.contractSizeHint'),
        })}
        {text('display_digits', t('instruments.form.displayDigits'), {
          inputMode: 'numeric',
          placeholder: t('instruments.form.displayDigitsPlaceholder'),
          hint: t('instruments.form.displayDigitsHint'),
        })}
        <div className="flex items-end pb-2">
          <label className="flex items-center gap-2 text-sm" htmlFor={`${id}-enabled`}>
            <input
              id={`${id}-enabled`}
              type="checkbox"
              className="size-4 accent-primary"
              checked={v.enabled}
              disabled={props.readOnly}
              onChange={(e) => set({ enabled: e.target.checked })}
            />
            {t('instruments.form.enabled')}
          </label>
        </div>
      </section>

      <SessionsEditor
        value={v.sessions}
        onChange={(sessions) => set({ sessions })}
        defaultHours={defaultHours(v.type, v.exchange_zone || 'UTC')}
        timeZone={v.exchange_zone || 'UTC'}
        errors={sessionErrors(errors)}
      />
      {errors.sessions ? <p className="text-destructive text-xs">{errors.sessions}</p> : null}

      {props.readOnly ? null : (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={props.pending}>
            {creating ? t('instruments.form.add') : t('instruments.form.save')}
          </Button>
          {props.footer}
        </div>
      )}
    </form>
  );
}
