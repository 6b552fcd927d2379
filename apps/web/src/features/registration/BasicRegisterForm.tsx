import { zodResolver } from '@hookform/resolvers/zod';
import {
  BASIC_FORM_COUNTRIES,
  DEFAULT_COUNTRY_CODE,
  type RegistrationInput,
  registrationSchema,
} from '@openbroker/domain';
import { Info } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { Spinner } from '@/components/ui/Spinner';
import { FormField } from '@/features/auth/FormField';
import { PasswordInput } from '@/features/auth/PasswordInput';
import { CountrySelect } from './CountrySelect';
import { DialCodeSelect } from './DialCodeSelect';
import type { RegistrationDraft } from './draft';
import { describeRegistrationFailure, type RegistrationFailure } from './fieldErrors';
import { buildRegistrationPayload, draftCountry, prefilledFields, type RegistrationField } from './payload';
import { RegistrationFailureAlert } from './RegistrationFailureAlert';
import { useRegistration } from './useRegistration';

export const PREFILLED_NOTE = 'Some fields have been pre-filled from your previous step';
export const CREATING_ACCOUNT = 'Creating account...';

type RegistrationFormValues = z.input<typeof registrationSchema>;

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
  const shown = new Set(ALL_FIELDS.filter((f) => !hidden.has(f)));
  const [failure, setFailure] = useState<RegistrationFailure | null>(null);
  const registration = useRegistration();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegistrationFormValues, unknown, RegistrationInput>({
    resolver: zodResolver(registrationSchema),
    defaultValues: {
      first_name: '',
      last_name: '',
      username: '',
      email: draft.email,
      phone: '',
      country_code: DEFAULT_COUNTRY_CODE,
      country: draftCountry(draft) ?? '',
      nationality: draft.nationality ?? '',
      password: draft.password,
      confirm_password: draft.password,
      // RegisterPage only shows this form once the country step's box is ticked; the payload
      // carries the draft's own answer.
      agree_privacy: true,
    },
    mode: 'onSubmit',
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    registration.mutate(buildRegistrationPayload(values, draft), {
      onError: (error) => {
        const described = describeRegistrationFailure(error, shown);
        for (const [field, message] of Object.entries(described.visible)) {
          setError(field as RegistrationField, { type: 'server', message });
        }
        setFailure(described);
      },
    });
  });

  // A draft value that fails validation cannot be fixed here; say so rather than failing silently.
  const hiddenErrors = [...hidden].map((f) => errors[f]?.message).filter((m): m is string => Boolean(m));
  const pending = registration.isPending;
  const field = (name: RegistrationField) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `register-${name}-error` : undefined,
  });

  return (
    <form data-testid="register-form" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {failure ? <RegistrationFailureAlert failure={failure} onClose={() => setFailure(null)} /> : null}

      {hidden.size > 0 ? (
        <p
          data-testid="prefilled-note"
          className="flex items-start gap-2 rounded-md border border-info/30 bg-info/10 px-3 py-2 text-xs text-foreground"
        >
          <Info className="mt-px size-3.5 shrink-0 text-info" aria-hidden="true" />
          <span>{PREFILLED_NOTE}</span>
        </p>
      ) : null}
      {hiddenErrors.length > 0 ? (
        <RegistrationFailureAlert
          failure={{ message: hiddenErrors[0] ?? '', visible: {}, hidden: hiddenErrors }}
          onClose={() => undefined}
        />
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-first_name" label="First name" error={errors.first_name?.message}>
          <Input
            id="register-first_name"
            autoComplete="given-name"
            {...field('first_name')}
            {...register('first_name')}
          />
        </FormField>
        <FormField id="register-last_name" label="Last name" error={errors.last_name?.message}>
          <Input
            id="register-last_name"
            autoComplete="family-name"
            {...field('last_name')}
            {...register('last_name')}
          />
        </FormField>
      </div>

      <FormField id="register-username" label="Username" error={errors.username?.message}>
        <Input
          id="register-username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...field('username')}
          {...register('username')}
        />
      </FormField>

      {shown.has('email') ? (
        <FormField id="register-email" label="Email" error={errors.email?.message}>
          <Input
            id="register-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            {...field('email')}
            {...register('email')}
          />
        </FormField>
      ) : null}

      <div className="flex flex-col gap-2">
        <Label htmlFor="register-phone">Phone</Label>
        <div className="flex gap-2">
          <div className="w-28 shrink-0">
            <DialCodeSelect {...register('country_code')} />
          </div>
          <Input
            id="register-phone"
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            {...field('phone')}
            {...register('phone')}
          />
        </div>
        {errors.phone?.message ? (
          <p id="register-phone-error" className="text-xs text-destructive" role="alert">
            {errors.phone.message}
          </p>
        ) : null}
      </div>

      {shown.has('country') || shown.has('nationality') ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {shown.has('country') ? (
            <FormField id="register-country" label="Country" error={errors.country?.message}>
              <NativeSelect id="register-country" {...field('country')} {...register('country')}>
                <option value="">Select country</option>
                {BASIC_FORM_COUNTRIES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          ) : null}
          {shown.has('nationality') ? (
            <FormField id="register-nationality" label="Nationality" error={errors.nationality?.message}>
              <CountrySelect
                id="register-nationality"
                {...field('nationality')}
                {...register('nationality')}
              />
            </FormField>
          ) : null}
        </div>
      ) : null}

      {shown.has('password') ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="register-password" label="Password" error={errors.password?.message}>
            <PasswordInput
              id="register-password"
              autoComplete="new-password"
              {...field('password')}
              {...register('password')}
            />
          </FormField>
          <FormField
            id="register-confirm_password"
            label="Confirm password"
            error={errors.confirm_password?.message}
          >
            <PasswordInput
              id="register-confirm_password"
              autoComplete="new-password"
              {...field('confirm_password')}
              {...register('confirm_password')}
            />
          </FormField>
        </div>
      ) : null}

      <Button
        data-testid="register-submit"
        type="submit"
        size="lg"
        className="mt-1 w-full"
        disabled={pending}
      >
        {pending ? <Spinner aria-label="Creating account" /> : null}
        {pending ? CREATING_ACCOUNT : 'CREATE ACCOUNT'}
      </Button>

      <div className="flex flex-col items-center gap-2 text-sm">
        <Link to="/" className="underline-offset-4 hover:underline">
          <span className="text-muted-foreground">Already have an account?</span>{' '}
          <span className="font-medium text-primary">Login</span>
        </Link>
        <PromoCodeLink />
      </div>
    </form>
  );
}

/** SPEC §2 "'I have a promo-code' with no target": it says so instead of pretending. */
function PromoCodeLink() {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col items-center gap-1">
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-controls="promo-code-note"
        className="text-xs text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
      >
        I have a promo-code
      </button>
      {open ? (
        <p id="promo-code-note" className="text-xs text-muted-foreground/80">
          Promo codes are not available yet.
        </p>
      ) : null}
    </div>
  );
}
