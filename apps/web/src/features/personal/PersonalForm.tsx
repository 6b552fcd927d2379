import type { Personal, PersonalField } from '@openbroker/domain';
import { Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { ChangeRequestDialog } from './ChangeRequestDialog';
import { FieldInput, PhoneInput } from './FieldInput';
import {
  type FieldErrorMap,
  type PersonalFormValues,
  type SaveOutcome,
  toFormValues,
  validatePersonal,
} from './formValues';

export type { SaveOutcome } from './formValues';

type SectionKey = 'name' | 'address' | 'phone' | 'tax';

interface Section {
  /** Its title is `personal.sections.<key>` in the catalogue. */
  key: SectionKey;
  fields: readonly PersonalField[];
  /** Grid of the section's fields at the wider sizes. */
  grid: string;
}

const SECTIONS: readonly Section[] = [
  {
    key: 'name',
    fields: ['first_name', 'last_name', 'date_of_birth'],
    grid: 'sm:grid-cols-3',
  },
  {
    key: 'address',
    fields: ['address_line1', 'address_line2', 'city', 'postal_code', 'country'],
    grid: 'sm:grid-cols-2',
  },
  { key: 'phone', fields: ['phone'], grid: 'sm:grid-cols-2' },
  {
    key: 'tax',
    fields: ['nationality', 'tax_residence', 'tax_id'],
    grid: 'sm:grid-cols-3',
  },
];

interface PersonalFormProps {
  personal: Personal;
  saving: boolean;
  onSave: (values: PersonalFormValues) => Promise<SaveOutcome>;
}

/**
 * The personal information form. Fields verification confirmed are shown locked, with "Verified —
 * ask for a change" opening a small form for just those fields; its answer becomes a request staff
 * approve (the server decides: it locks the same fields whatever this form shows).
 */
export function PersonalForm({ personal, saving, onSave }: PersonalFormProps) {
  const { t } = useTranslation('account');
  const [values, setValues] = useState<PersonalFormValues>(() => toFormValues(personal.details));
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [asking, setAsking] = useState<Section | null>(null);
  const locks = new Map(personal.locked.map((l) => [l.field, l.reason]));
  const waiting = personal.pending_request !== null;

  const set = (field: PersonalField) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function save(next: PersonalFormValues): Promise<SaveOutcome> {
    const found = validatePersonal(next);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return { ok: false, message: t('personal.correct'), errors: found };
    }
    const outcome = await onSave(next);
    setErrors(outcome.ok ? {} : outcome.errors);
    return outcome;
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    void save(values);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6" aria-label={t('personal.formLabel')}>
      {SECTIONS.map((section) => {
        const lockedHere = section.fields.filter((f) => locks.has(f));
        return (
          <fieldset
            key={section.key}
            className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6"
          >
            <legend className="px-1 text-sm font-semibold">{t(`personal.sections.${section.key}`)}</legend>
            <div className={`grid grid-cols-1 gap-4 ${section.grid}`}>
              {section.fields.map((field) =>
                field === 'phone' ? (
                  <PhoneInput
                    key={field}
                    idPrefix="personal"
                    code={values.country_code}
                    phone={values.phone}
                    onCode={set('country_code')}
                    onPhone={set('phone')}
                    error={errors.phone ?? errors.country_code}
                  />
                ) : (
                  <FieldInput
                    key={field}
                    idPrefix="personal"
                    field={field}
                    value={values[field]}
                    onChange={set(field)}
                    error={errors[field]}
                    locked={locks.has(field)}
                  />
                ),
              )}
            </div>
            {lockedHere.length > 0 ? (
              <div className="flex flex-col gap-2 text-sm sm:flex-row sm:items-center sm:justify-between">
                <p className="flex items-center gap-2 text-muted-foreground">
                  <Lock className="size-4 shrink-0 text-success" aria-hidden="true" />
                  {locks.get(lockedHere[0] as PersonalField)}
                </p>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={waiting}
                  title={waiting ? t('personal.waiting') : undefined}
                  onClick={() => setAsking({ ...section, fields: lockedHere })}
                >
                  {t('personal.askChange')}
                </Button>
              </div>
            ) : null}
          </fieldset>
        );
      })}
      <div className="flex justify-end">
        <Button type="submit" disabled={saving} className="w-full sm:w-auto">
          {saving ? t('personal.saving') : t('personal.save')}
        </Button>
      </div>
      {asking ? (
        <ChangeRequestDialog
          title={t(`personal.sections.${asking.key}`)}
          fields={asking.fields}
          current={values}
          saving={saving}
          onClose={() => setAsking(null)}
          onSubmit={async (changes) => {
            const outcome = await save({ ...values, ...changes });
            if (outcome.ok) setAsking(null);
            return outcome;
          }}
        />
      ) : null}
    </form>
  );
}
