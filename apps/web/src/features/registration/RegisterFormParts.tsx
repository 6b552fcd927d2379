import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '@/components/SubmitButton';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { errorA11y, type FieldControl, InputField } from '@/features/auth/FormField';
import { localizeMessage } from '@/lib/validationMessage';
import { DialCodeSelect } from './DialCodeSelect';
import type { RegistrationField } from './payload';

interface NameFieldsProps {
  control: (name: RegistrationField) => FieldControl;
  /** The first/last name row's grid: each layout spaces it its own way. */
  namesClassName: string;
}

/**
 * First and last name side by side, then the username: the personal details every layout asks for
 * because no earlier step supplies them.
 */
export function NameFields({ control, namesClassName }: NameFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <div className={namesClassName}>
        <InputField label={t('register.firstName')} autoComplete="given-name" {...control('first_name')} />
        <InputField label={t('register.lastName')} autoComplete="family-name" {...control('last_name')} />
      </div>
      <InputField
        label={t('register.username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...control('username')}
      />
    </>
  );
}

interface PhoneFieldProps {
  phone: FieldControl;
  /** `register('country_code')`: the dial code has no label or message of its own. */
  dialCode: UseFormRegisterReturn<'country_code'>;
}

/**
 * SPEC §3 phone and country_code on one row. The label and the message belong to the number; it is
 * not a FormField because the label sits alone above the row, not in a label row.
 */
export function PhoneField({ phone: { id, error, ...phone }, dialCode }: PhoneFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{t('register.phone')}</Label>
      <div className="flex gap-2">
        <div className="w-28 shrink-0">
          <DialCodeSelect {...dialCode} />
        </div>
        <Input
          id={id}
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          {...errorA11y(id, error)}
          {...phone}
        />
      </div>
      {error?.message ? (
        <p id={`${id}-error`} className="text-xs text-destructive" role="alert">
          {localizeMessage(error.message)}
        </p>
      ) : null}
    </div>
  );
}

interface RegisterSubmitButtonProps {
  pending: boolean;
  className?: string;
  /** The layout's own SPEC wording for the idle button. */
  children: ReactNode;
}

/** Every layout's submit says the same while the account is being created. */
export function RegisterSubmitButton({ pending, className, children }: RegisterSubmitButtonProps) {
  const { t } = useTranslation('auth');
  return (
    <SubmitButton
      data-testid="register-submit"
      className={className}
      pending={pending}
      pendingText={t('register.creating')}
      spinnerLabel={t('register.creatingLabel')}
    >
      {children}
    </SubmitButton>
  );
}
