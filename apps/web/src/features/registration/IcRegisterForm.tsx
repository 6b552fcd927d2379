import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
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

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col items-center gap-2 text-center">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-buy/10 px-3 py-1 text-xs font-medium text-buy ring-1 ring-buy/25">
          <ShieldCheck className="size-3.5" aria-hidden="true" />
          Secure application
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">Live Trading Account Application</h1>
      </header>

      <form data-testid="register-form-ic" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {failure ? <RegistrationFailureAlert failure={failure} onClose={clearFailure} /> : null}

        <EmailField {...control('email')} />
        <PasswordField label="Password" autoComplete="new-password" {...control('password')} />

        <fieldset className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-3">
          <legend className="px-1 text-xs font-medium text-muted-foreground">Account holder</legend>
          <NameFields control={control} namesClassName="grid grid-cols-2 gap-3" />
          <PhoneField phone={control('phone')} dialCode={register('country_code')} />
        </fieldset>

        <RegisterSubmitButton pending={pending}>Create Your Account</RegisterSubmitButton>
        <Link
          to="/"
          className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Sign in to your account
        </Link>
      </form>

      <IcFooterLinks />
    </div>
  );
}

/** SPEC §2 IC footer links, from settings; an unset link is shown as plain text. */
function IcFooterLinks() {
  const settings = useSettingsStore((s) => s.settings);
  const links = [
    { label: 'Terms of Service', href: settings?.terms_link },
    { label: 'Privacy Policy', href: settings?.privacy_link },
    { label: 'Risk Disclosure', href: settings?.risk_link },
    { label: 'Help Center', href: settings?.help_link },
  ];
  return (
    <nav aria-label="Legal" data-testid="ic-footer-links">
      <ul className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {links.map(({ label, href }) => (
          <li key={label}>
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
