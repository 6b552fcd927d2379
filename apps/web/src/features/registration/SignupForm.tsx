import { zodResolver } from '@hookform/resolvers/zod';
import { countrySlugFromCode, REGISTRATION_MESSAGES, signupStartSchema } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { apiErrorMessage } from '@/api/errors';
import { SubmitButton } from '@/components/SubmitButton';
import { Alert } from '@/components/ui/Alert';
import { EmailField, fieldControls, PasswordField } from '@/features/auth/FormField';
import { localizeMessage } from '@/lib/validationMessage';
import { writeDraft } from './draft';
import { checkEmail, isEmailAvailable } from './registrationApi';

export const COUNTRY_STEP_PATH = '/register/country-residence';

interface SignupValues {
  email: string;
  password: string;
}

/**
 * SPEC §2 sign-up start: email and password, then the email availability check. An available
 * email starts the registration draft and moves on to the country step.
 */
export function SignupForm() {
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(signupStartSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onSubmit',
  });

  const check = useMutation({
    mutationFn: (values: SignupValues) => checkEmail(values.email),
    onSuccess: (answer, values) => {
      if (!isEmailAvailable(answer)) {
        setError('email', { message: answer.message || REGISTRATION_MESSAGES.emailTaken });
        return;
      }
      writeDraft({
        email: values.email,
        password: values.password,
        country: countrySlugFromCode(answer.data.country),
        timestamp: new Date().toISOString(),
      });
      toast.success(localizeMessage(REGISTRATION_MESSAGES.emailAvailable));
      void navigate(COUNTRY_STEP_PATH);
    },
    onError: (error) => {
      // An answer from the server carries its own words; a broken answer gets the generic ones.
      // SPEC §8 email-check words (the taken-email and success words come from the domain).
      setFailure(
        isAxiosError(error) ? apiErrorMessage(error, t('signup.checkFailed')) : t('signup.genericFailure'),
      );
    },
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    check.mutate(values);
  });
  const control = fieldControls('signup', register, errors);

  return (
    <form data-testid="signup-form" noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {failure ? (
        <Alert variant="destructive" description={failure} onClose={() => setFailure(null)} />
      ) : null}

      <EmailField data-testid="signup-email" placeholder={t('emailPlaceholder')} {...control('email')} />

      <PasswordField
        data-testid="signup-password"
        label={t('login.password')}
        autoComplete="new-password"
        placeholder={t('signup.passwordPlaceholder')}
        {...control('password')}
      />

      <SubmitButton
        data-testid="signup-submit"
        className="mt-1"
        pending={check.isPending}
        pendingText={t('signup.checking')}
        spinnerLabel={t('signup.checkingLabel')}
      >
        {t('signup.submit')}
      </SubmitButton>

      <p className="text-center text-sm text-muted-foreground">
        {t('signup.haveAccount')} {/* SPEC §2: the login link is / on desktop and /?type=basic on mobile. */}
        <Link
          to="/"
          data-testid="signup-login-link"
          className="hidden font-medium text-primary underline-offset-4 hover:underline md:inline"
        >
          {t('signup.login')}
        </Link>
        <Link
          to="/?type=basic"
          data-testid="signup-login-link-mobile"
          className="font-medium text-primary underline-offset-4 hover:underline md:hidden"
        >
          {t('signup.login')}
        </Link>
      </p>
    </form>
  );
}
