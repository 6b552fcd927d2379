import type { PersonalField } from '@openbroker/domain';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { CountrySelect } from '@/features/registration/CountrySelect';
import { DialCodeSelect } from '@/features/registration/DialCodeSelect';
import { COUNTRY_FIELDS, displayValue, fieldLabel, translateRule } from './formValues';

const OPTIONAL: ReadonlySet<PersonalField> = new Set(['address_line2', 'tax_id']);

const AUTOCOMPLETE: Partial<Record<PersonalField, string>> = {
  first_name: 'given-name',
  last_name: 'family-name',
  date_of_birth: 'bday',
  address_line1: 'address-line1',
  address_line2: 'address-line2',
  city: 'address-level2',
  postal_code: 'postal-code',
};

interface FieldInputProps {
  idPrefix: string;
  field: PersonalField;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Confirmed by verification: shown as text with a lock, not editable. */
  locked?: boolean;
}

/** One field of the personal form: its label, its control (or locked value) and its message. */
export function FieldInput({ idPrefix, field, value, onChange, error, locked = false }: FieldInputProps) {
  const { t } = useTranslation('account');
  const id = `${idPrefix}-${field}`;
  const label = OPTIONAL.has(field)
    ? t('personal.optional', { label: fieldLabel(field) })
    : fieldLabel(field);
  const a11y = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
  let control: ReactNode;
  if (locked) {
    control = (
      <div className="relative">
        <Input
          id={id}
          readOnly
          aria-readonly="true"
          value={displayValue(field, value)}
          className="cursor-default bg-muted/40 pe-9 text-muted-foreground"
        />
        <Lock
          aria-label={t('personal.locked')}
          role="img"
          className="absolute top-1/2 end-3 size-4 -translate-y-1/2 text-success"
        />
      </div>
    );
  } else if (COUNTRY_FIELDS.has(field)) {
    control = <CountrySelect id={id} value={value} onChange={(e) => onChange(e.target.value)} {...a11y} />;
  } else {
    control = (
      <Input
        id={id}
        type={field === 'date_of_birth' ? 'date' : 'text'}
        autoComplete={AUTOCOMPLETE[field]}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...a11y}
      />
    );
  }
  return (
    <div className="flex min-w-0 flex-col gap-2" data-field={field} data-locked={locked || undefined}>
      <Label htmlFor={id}>{label}</Label>
      {control}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive" role="alert">
          {translateRule(error)}
        </p>
      ) : null}
    </div>
  );
}

interface PhoneInputProps {
  idPrefix: string;
  code: string;
  phone: string;
  onCode: (v: string) => void;
  onPhone: (v: string) => void;
  error?: string | undefined;
}

/** The phone number with its country code on one row (the code select has its own spoken label). */
export function PhoneInput({ idPrefix, code, phone, onCode, onPhone, error }: PhoneInputProps) {
  const id = `${idPrefix}-phone`;
  return (
    <div className="flex min-w-0 flex-col gap-2" data-field="phone">
      <Label htmlFor={id}>{fieldLabel('phone')}</Label>
      <div className="flex gap-2">
        <div className="w-28 shrink-0">
          <DialCodeSelect
            id={`${idPrefix}-country_code`}
            value={code}
            onChange={(e) => onCode(e.target.value)}
          />
        </div>
        <Input
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={phone}
          onChange={(e) => onPhone(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive" role="alert">
          {translateRule(error)}
        </p>
      ) : null}
    </div>
  );
}
