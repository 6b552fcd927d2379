import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_COUNTRY_CODE, type RegistrationInput, registrationSchema } from '@openbroker/domain';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { Spinner } from '@/components/ui/Spinner';
import { FormField } from '@/features/auth/FormField';
import { PasswordInput } from '@/features/auth/PasswordInput';
import { useSettingsStore } from '@/stores/settingsStore';
import { CREATING_ACCOUNT } from './BasicRegisterForm';
import { DialCodeSelect } from './DialCodeSelect';
import type { RegistrationDraft } from './draft';
import { describeRegistrationFailure, type RegistrationFailure } from './fieldErrors';
import { buildRegistrationPayload, draftCountry, type RegistrationField } from './payload';
import { RegistrationFailureAlert } from './RegistrationFailureAlert';
import { useRegistration } from './useRegistration';

type RegistrationFormValues = z.input<typeof registrationSchema>;

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
const schemaResolver = zodResolver(registrationSchema);
const icResolver: Resolver<RegistrationFormValues, unknown, RegistrationInput> = (values, context, options) =>
  schemaResolver({ ...values, confirm_password: values.password }, context, options);

/**
 * SPEC §2 IC variant: 'Live Trading Account Application' with email and password up front. The
 * server needs the rest of the payload, so names, username and phone follow in a compact block.
 */
export function IcRegisterForm({ draft }: { draft: RegistrationDraft }) {
  const [failure, setFailure] = useState<RegistrationFailure | null>(null);
  const registration = useRegistration();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegistrationFormValues, unknown, RegistrationInput>({
    resolver: icResolver,
    defaultValues: {
      email: draft.email,
      password: draft.password,
      confirm_password: draft.password,
      first_name: '',
      last_name: '',
      username: '',
      phone: '',
      country_code: DEFAULT_COUNTRY_CODE,
      country: draftCountry(draft) ?? '',
      nationality: draft.nationality ?? '',
      // Shown only once the country step's box is ticked; the payload carries the draft's answer.
      agree_privacy: true,
    },
    mode: 'onSubmit',
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    const payload = buildRegistrationPayload(values, draft, { credentialsFromForm: true });
    registration.mutate(payload, {
      onError: (error) => {
        const described = describeRegistrationFailure(error, IC_FIELDS);
        for (const [field, message] of Object.entries(described.visible)) {
          setError(field as RegistrationField, { type: 'server', message });
        }
        setFailure(described);
      },
    });
  });

  const pending = registration.isPending;
  const field = (name: RegistrationField) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `ic-${name}-error` : undefined,
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
        {failure ? <RegistrationFailureAlert failure={failure} onClose={() => setFailure(null)} /> : null}

        <FormField id="ic-email" label="Email" error={errors.email?.message}>
          <Input
            id="ic-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            {...field('email')}
            {...register('email')}
          />
        </FormField>
        <FormField id="ic-password" label="Password" error={errors.password?.message}>
          <PasswordInput
            id="ic-password"
            autoComplete="new-password"
            {...field('password')}
            {...register('password')}
          />
        </FormField>

        <fieldset className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-3">
          <legend className="px-1 text-xs font-medium text-muted-foreground">Account holder</legend>
          <div className="grid grid-cols-2 gap-3">
            <FormField id="ic-first_name" label="First name" error={errors.first_name?.message}>
              <Input
                id="ic-first_name"
                autoComplete="given-name"
                {...field('first_name')}
                {...register('first_name')}
              />
            </FormField>
            <FormField id="ic-last_name" label="Last name" error={errors.last_name?.message}>
              <Input
                id="ic-last_name"
                autoComplete="family-name"
                {...field('last_name')}
                {...register('last_name')}
              />
            </FormField>
          </div>
          <FormField id="ic-username" label="Username" error={errors.username?.message}>
            <Input
              id="ic-username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              {...field('username')}
              {...register('username')}
            />
          </FormField>
          <div className="flex flex-col gap-2">
            <Label htmlFor="ic-phone">Phone</Label>
            <div className="flex gap-2">
              <div className="w-28 shrink-0">
                <DialCodeSelect {...register('country_code')} />
              </div>
              <Input
                id="ic-phone"
                type="tel"
                autoComplete="tel-national"
                inputMode="tel"
                {...field('phone')}
                {...register('phone')}
              />
            </div>
            {errors.phone?.message ? (
              <p id="ic-phone-error" className="text-xs text-destructive" role="alert">
                {errors.phone.message}
              </p>
            ) : null}
          </div>
        </fieldset>

        <Button data-testid="register-submit" type="submit" size="lg" className="w-full" disabled={pending}>
          {pending ? <Spinner aria-label="Creating account" /> : null}
          {pending ? CREATING_ACCOUNT : 'Create Your Account'}
        </Button>
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
