import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_COUNTRY_CODE, type RegistrationInput, registrationSchema } from '@openbroker/domain';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type FieldControl, fieldControls } from '@/features/auth/FormField';
import type { RegistrationDraft } from './draft';
import { describeRegistrationFailure, type RegistrationFailure } from './fieldErrors';
import {
  buildRegistrationPayload,
  draftCountry,
  type PayloadOptions,
  type RegistrationField,
} from './payload';
import { useRegistration } from './useRegistration';

export type RegistrationFormValues = z.input<typeof registrationSchema>;
export type RegistrationResolver = Resolver<RegistrationFormValues, unknown, RegistrationInput>;

export const registrationResolver: RegistrationResolver = zodResolver(registrationSchema);

interface RegistrationFormOptions {
  draft: RegistrationDraft;
  /** Starts every field id (`register-email`, `ic-email`), which the error messages are tied to. */
  idPrefix: string;
  /** The fields this layout shows: server errors on them go beside them, the rest into the summary. */
  shown: ReadonlySet<RegistrationField>;
  resolver?: RegistrationResolver;
  payload?: PayloadOptions;
}

/**
 * The state every `/register` layout shares: the form seeded from the draft, the submit that sends
 * the SPEC §7 payload, and a failed submit split between the fields and the summary alert.
 */
export function useRegistrationForm({
  draft,
  idPrefix,
  shown,
  resolver = registrationResolver,
  payload,
}: RegistrationFormOptions) {
  const [failure, setFailure] = useState<RegistrationFailure | null>(null);
  const registration = useRegistration();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegistrationFormValues, unknown, RegistrationInput>({
    resolver,
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
      // RegisterPage only shows a form once the country step's box is ticked; the payload carries
      // the draft's own answer.
      agree_privacy: true,
    },
    mode: 'onSubmit',
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    registration.mutate(buildRegistrationPayload(values, draft, payload), {
      onError: (error) => {
        const described = describeRegistrationFailure(error, shown);
        for (const [field, message] of Object.entries(described.visible)) {
          setError(field as RegistrationField, { type: 'server', message });
        }
        setFailure(described);
      },
    });
  });

  // Typed to the fields a form can show, so agree_privacy (never a visible field) is not offered.
  const control: (name: RegistrationField) => FieldControl<RegistrationField> = fieldControls(
    idPrefix,
    register,
    errors,
  );

  return {
    register,
    errors,
    control,
    onSubmit,
    failure,
    clearFailure: () => setFailure(null),
    pending: registration.isPending,
  };
}
