import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { FormField } from '@/features/auth/FormField';

interface ChoiceSelectProps {
  id: string;
  label: string;
  value: string;
  options: Readonly<Record<string, string>>;
  error?: string | undefined;
  onChange: (value: string) => void;
}

/** One labelled choice of the questionnaire, with its message tied to it for screen readers. */
export function ChoiceSelect({ id, label, value, options, error, onChange }: ChoiceSelectProps) {
  const { t } = useTranslation('auth');
  return (
    <FormField id={id} label={label} error={error}>
      <NativeSelect
        id={id}
        name={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{t('profile.select')}</option>
        {Object.entries(options).map(([code, label]) => (
          <option key={code} value={code}>
            {label}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
