import { ASSET_TYPES, scheduleFor } from '@openbroker/domain';
import { type FormEvent, type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { formatSpread, TYPE_LABELS } from './format';
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
  const id = useId();
  const v = props.values;
  const set = (patch: Partial<InstrumentFormValues>) => props.onChange({ ...v, ...patch });
  const creating = props.mode === 'create';
  const text = (
    name: TextField,
    label: string,
    extra: { hint?: ReactNode; placeholder?: string; inputMode?: 'decimal' | 'numeric' } = {},
  ) => (
    <Field id={`${id}-${name}`} label={label} error={props.errors[name]} hint={extra.hint}>
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
      ? `${formatSpread(n)} of the rate`
      : 'A fraction of the rate: 0.0001 = 0.01%';
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {props.errors.form ? (
        <p role="alert" className="text-destructive text-sm">
          {props.errors.form}
        </p>
      ) : null}
      <section className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Instrument">
        {creating
          ? text('symbol', 'Symbol', {
              placeholder: 'e.g. NEWCO',
              hint: 'Unique; capital letters and digits',
            })
          : null}
        {text('name', 'Name')}
        {text(
          'symbol_display',
          'Display symbol',
          creating ? { hint: 'Shown in lists; the symbol when empty' } : {},
        )}
        {creating ? (
          <>
            <Field id={`${id}-type`} label="Type" error={props.errors.type}>
              {(a11y) => (
                <NativeSelect
                  {...a11y}
                  value={v.type}
                  onChange={(e) => set({ type: ASSET_TYPES.find((t) => t === e.target.value) ?? v.type })}
                >
                  {ASSET_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {TYPE_LABELS[t]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            {text('category', 'Category', { placeholder: 'e.g. Majors, S&P 500' })}
            {text('base_currency', 'Base currency', { placeholder: 'e.g. EUR or the ticker' })}
            {text('quote_currency', 'Quote currency', { placeholder: 'USD' })}
            {text('reference_price', 'Reference price', {
              inputMode: 'decimal',
              hint: 'Where the feed starts pricing it',
            })}
            {text('exchange_zone', 'Exchange time zone', {
              placeholder: 'America/New_York',
              hint: 'IANA zone the hours are read in',
            })}
          </>
        ) : (
          <Field id={`${id}-fixed`} label="Type · currencies · zone" error={undefined}>
            {(a11y) => (
              <Input
                {...a11y}
                readOnly
                value={`${TYPE_LABELS[v.type]} · ${v.base_currency}/${v.quote_currency} · ${v.exchange_zone}`}
              />
            )}
          </Field>
        )}
      </section>

      <section className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Dealing">
        {text('buy_spread', 'Buy spread', { inputMode: 'decimal', hint: spreadHint(v.buy_spread) })}
        {text('sell_spread', 'Sell spread', { inputMode: 'decimal', hint: spreadHint(v.sell_spread) })}
        {text('leverage', 'Leverage', {
          inputMode: 'numeric',
          placeholder: 'Default',
          hint: 'Empty: the category or plan default',
        })}
        {text('contract_size', 'Contract size', { inputMode: 'decimal', hint: 'Units per lot' })}
        {text('display_digits', 'Display digits', {
          inputMode: 'numeric',
          placeholder: 'Derived',
          hint: 'Empty: derived from the price',
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
            Enabled (listed and tradable)
          </label>
        </div>
      </section>

      <SessionsEditor
        value={v.sessions}
        onChange={(sessions) => set({ sessions })}
        defaultHours={scheduleFor(v.type, v.exchange_zone || 'UTC').description}
        timeZone={v.exchange_zone || 'UTC'}
        errors={sessionErrors(props.errors)}
      />
      {props.errors.sessions ? <p className="text-destructive text-xs">{props.errors.sessions}</p> : null}

      {props.readOnly ? null : (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={props.pending}>
            {creating ? 'Add instrument' : 'Save changes'}
          </Button>
          {props.footer}
        </div>
      )}
    </form>
  );
}
