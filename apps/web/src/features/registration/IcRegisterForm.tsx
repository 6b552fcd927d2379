import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '@/components/PageHeading';
import { EmailField, PasswordField } from '@/features/auth/FormField';
import { useSettingsStore } from '@/stores/settingsStore';
import type { RegistrationDraft } from './draft';
import type { RegistrationField } from './payload';
import { NameFields, PhoneField, RegisterSubmitButton } from './RegisterFormParts';
import { RegistrationFailureAlert } from './RegistrationFailureAlert';
import { type RegistrationResolver, registrationResolver, useRegistrationForm } from './useRegistrationForm';

/** The fields this layout shows; country, nationality and the privacy box come from the draft. */
const IC_FIELDS: ReadonlySet<RegistrationField> = new Set<RegistrationField>([
  'email',
  'password',
  'first_name',
  'last_name',
  'username',
  'phone',
  'country_code',
]);

// The layout has a single password field, so its confirmation is the password itself.
const icResolver: RegistrationResolver = (values, context, options) =>
  registrationResolver({ ...values, confirm_password: values.password }, context, options);

/**
 * SPEC §2 IC variant: 'Live Trading Account Application' with email and password up front. The
 * server needs the rest of the payload, so names, username and phone follow in a compact block.
 */
export function IcRegisterForm({ draft }: { draft: RegistrationDraft }) {
  const { register, control, onSubmit, failure, clearFailure, pending } = useRegistrationForm({
    draft,
    idPrefix: 'ic',
    shown: IC_FIELDS,
    resolver: icResolver,
    payload: { credentialsFromForm: true },
  });
  const { t } = useTranslation('auth');

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col items-center gap-2 text-center">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-buy/10 px-3 py-1 text-xs font-medium text-buy ring-1 ring-buy/25">
          <ShieldCheck className="size-3.5" aria-hidden="true" />
          {t('register.ic.secure')}
        </span>
        <PageHeading title={t('register.ic.title')} className="text-2xl" />
      </header>

      <form data-testid="register-form-ic" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {failure ? <RegistrationFailureAlert failure={failure} onClose={clearFailure} /> : null}

        <EmailField {...control('email')} />
        <PasswordField label={t('login.password')} autoComplete="new-password" {...control('password')} />

        <fieldset className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-3">
          <legend className="px-1 text-xs font-medium text-muted-foreground">
            {t('register.ic.holder')}
          </legend>
          <NameFields control={control} namesClassName="grid grid-cols-2 gap-3" />
          <PhoneField phone={control('phone')} dialCode={register('country_code')} />
        </fieldset>

        <RegisterSubmitButton pending={pending}>{t('register.ic.submit')}</RegisterSubmitButton>
        <Link
          to="/"
          className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('register.ic.signIn')}
        </Link>
      </form>

      <IcFooterLinks />
    </div>
  );
}

/** SPEC §2 IC footer links, from settings; an unset link is shown as plain text. */
function IcFooterLinks() {
  const settings = useSettingsStore((s) => s.settings);
  const { t } = useTranslation('auth');
  const links = [
    { key: 'terms', label: t('register.ic.terms'), href: settings?.terms_link },
    { key: 'privacy', label: t('register.ic.privacy'), href: settings?.privacy_link },
    { key: 'risk', label: t('register.ic.risk'), href: settings?.risk_link },
    { key: 'help', label: t('register.ic.help'), href: settings?.help_link },
  ];
  return (
    <nav aria-label={t('register.ic.legal')} data-testid="ic-footer-links">
      <ul className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {links.map(({ key, label, href }) => (
          <li key={key}>
            {href?.trim() ? (
              <a
                href={href}
                target="_blank"
                rel="noreferrer"
                className="underline-offset-4 hover:text-foreground hover:underline"
              >
                {label}
              </a>
            ) : (
              <span>{label}</span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
