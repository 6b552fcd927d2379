import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@openbroker/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '@/api/errors';
import { SubmitButton } from '@/components/SubmitButton';
import { Alert } from '@/components/ui/Alert';
import enAuth from '@/i18n/locales/en/auth';
import { EmailField, fieldControls, PasswordField } from './FormField';
import { TwoFactorStep } from './TwoFactorStep';
import { useLogin } from './useLogin';

/** The English fallback (tests read it); screens show `t('login.failed')`. */
export const LOGIN_FAILED_FALLBACK = enAuth.login.failed;

/** Email + password sign-in, validated with the shared domain schema (SPEC §5 messages). */
export function LoginForm() {
  const loginMutation = useLogin();
  const { t } = useTranslation('auth');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onSubmit',
  });

  const onSubmit = handleSubmit((values) => {
    loginMutation.reset();
    loginMutation.mutate(values);
  });
  const control = fieldControls('login', register, errors);

  // The password was right and the account has two-factor on: ask for the code.
  if (loginMutation.challenge) return <TwoFactorStep login={loginMutation} />;

  return (
    <form data-testid="login-form" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {loginMutation.isError ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(loginMutation.error, t('login.failed'))}
          onClose={() => loginMutation.reset()}
        />
      ) : null}

      <EmailField placeholder={t('emailPlaceholder')} {...control('email')} />

      <PasswordField
        label={t('login.password')}
        autoComplete="current-password"
        aside={
          <Link to="/forgot-password" className="text-xs text-primary underline-offset-4 hover:underline">
            {t('login.forgot')}
          </Link>
        }
        {...control('password')}
      />

      <SubmitButton
        pending={loginMutation.isPending}
        pendingText={t('login.submitting')}
        spinnerLabel={t('login.submittingLabel')}
      >
        {t('login.submit')}
      </SubmitButton>

      <p className="text-center text-sm text-muted-foreground">
        {t('login.newHere')}{' '}
        <Link to="/signup" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('login.createAccount')}
        </Link>
      </p>
    </form>
  );
}
