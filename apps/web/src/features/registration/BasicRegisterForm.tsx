import { BASIC_FORM_COUNTRIES } from '@openbroker/domain';
import { Info } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { EmailField, errorA11y, FormField, PasswordField } from '@/features/auth/FormField';
import enAuth from '@/i18n/locales/en/auth';
import { CountrySelect } from './CountrySelect';
import type { RegistrationDraft } from './draft';
import { prefilledFields, type RegistrationField } from './payload';
import { NameFields, PhoneField, RegisterSubmitButton } from './RegisterFormParts';
import { RegistrationFailureAlert } from './RegistrationFailureAlert';
import { useRegistrationForm } from './useRegistrationForm';

/** English, for tests; the form shows `t('register.passwordAgain')`. */
export const PASSWORD_AGAIN_NOTE = enAuth.register.passwordAgain;

const ALL_FIELDS: readonly RegistrationField[] = [
  'first_name',
  'last_name',
  'username',
  'email',
  'phone',
  'country_code',
  'country',
  'nationality',
  'password',
  'confirm_password',
];

/**
 * SPEC §2 basic registration form (also the form of the td layout). Fields the earlier steps
 * supplied are hidden; their stored values are what is sent (SPEC §7).
 */
export function BasicRegisterForm({ draft }: { draft: RegistrationDraft }) {
  const [hidden] = useState(() => prefilledFields(draft));
  const { t } = useTranslation('auth');
  const shown = new Set(ALL_FIELDS.filter((f) => !hidden.has(f)));
  const { register, errors, control, onSubmit, failure, clearFailure, pending } = useRegistrationForm({
    draft,
    idPrefix: 'register',
    shown,
  });

  // A draft value that fails validation cannot be fixed here; say so rather than failing silently.
  const hiddenErrors = [...hidden].map((f) => errors[f]?.message).filter((m): m is string => Boolean(m));

  return (
    <form data-testid="register-form" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {failure ? <RegistrationFailureAlert failure={failure} onClose={clearFailure} /> : null}

      {hidden.size > 0 ? (
        <p
          data-testid="prefilled-note"
          className="flex items-start gap-2 rounded-md border border-info/30 bg-info/10 px-3 py-2 text-xs text-foreground"
        >
          <Info className="mt-px size-3.5 shrink-0 text-info" aria-hidden="true" />
          <span>{t('register.prefilled')}</span>
        </p>
      ) : null}
      {hiddenErrors.length > 0 ? (
        <RegistrationFailureAlert
          failure={{ message: hiddenErrors[0] ?? '', visible: {}, hidden: hiddenErrors }}
          onClose={() => undefined}
        />
      ) : null}

      <NameFields control={control} namesClassName="grid gap-4 sm:grid-cols-2" />
      {shown.has('email') ? <EmailField {...control('email')} /> : null}
      <PhoneField phone={control('phone')} dialCode={register('country_code')} />

      {shown.has('country') || shown.has('nationality') ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {shown.has('country') ? (
            <FormField id="register-country" label={t('register.country')} error={errors.country?.message}>
              <NativeSelect
                id="register-country"
                {...errorA11y('register-country', errors.country)}
                {...register('country')}
              >
                <option value="">{t('register.selectCountry')}</option>
                {BASIC_FORM_COUNTRIES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          ) : null}
          {shown.has('nationality') ? (
            <FormField
              id="register-nationality"
              label={t('register.nationality')}
              error={errors.nationality?.message}
            >
              <CountrySelect
                id="register-nationality"
                {...errorA11y('register-nationality', errors.nationality)}
                {...register('nationality')}
              />
            </FormField>
          ) : null}
        </div>
      ) : null}

      {shown.has('password') && draft.email ? (
        // The sign-up start had a password, but it is kept in memory only and a reload lost it.
        <p data-testid="password-again-note" className="text-xs text-muted-foreground">
          {t('register.passwordAgain')}
        </p>
      ) : null}
      {shown.has('password') ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField label={t('login.password')} autoComplete="new-password" {...control('password')} />
          <PasswordField
            label={t('register.confirmPassword')}
            autoComplete="new-password"
            {...control('confirm_password')}
          />
        </div>
      ) : null}

      <RegisterSubmitButton pending={pending} className="mt-1">
        {t('register.basicSubmit')}
      </RegisterSubmitButton>

      <div className="flex flex-col items-center gap-2 text-sm">
        <Link to="/" className="underline-offset-4 hover:underline">
          <span className="text-muted-foreground">{t('signup.haveAccount')}</span>{' '}
          <span className="font-medium text-primary">{t('register.login')}</span>
        </Link>
        <PromoCodeLink />
      </div>
    </form>
  );
}

/** SPEC §2 "'I have a promo-code' with no target": it says so instead of pretending. */
function PromoCodeLink() {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation('auth');
  return (
    <div className="flex flex-col items-center gap-1">
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-controls="promo-code-note"
        className="text-xs text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
      >
        {t('register.promo')}
      </button>
      {open ? (
        <p id="promo-code-note" className="text-xs text-muted-foreground" role="status">
          {t('register.promoUnavailable')}
        </p>
      ) : null}
    </div>
  );
}
