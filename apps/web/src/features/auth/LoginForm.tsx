import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@openbroker/domain';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { apiErrorMessage } from '@/api/errors';
import { SubmitButton } from '@/components/SubmitButton';
import { Alert } from '@/components/ui/Alert';
import { EmailField, fieldControls, PasswordField } from './FormField';
import { TwoFactorStep } from './TwoFactorStep';
import { useLogin } from './useLogin';

export const LOGIN_FAILED_FALLBACK = 'Unable to sign in. Please try again.';

/** Email + password sign-in, validated with the shared domain schema (SPEC §5 messages). */
export function LoginForm() {
  const loginMutation = useLogin();
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
          description={apiErrorMessage(loginMutation.error, LOGIN_FAILED_FALLBACK)}
          onClose={() => loginMutation.reset()}
        />
      ) : null}

      <EmailField placeholder="you@example.com" {...control('email')} />

      <PasswordField
        label="Password"
        autoComplete="current-password"
        aside={
          <Link to="/forgot-password" className="text-xs text-primary underline-offset-4 hover:underline">
            Forgot password?
          </Link>
        }
        {...control('password')}
      />

      <SubmitButton pending={loginMutation.isPending} pendingText="Signing in..." spinnerLabel="Signing in">
        Sign in
      </SubmitButton>

      <p className="text-center text-sm text-muted-foreground">
        New here?{' '}
        <Link to="/signup" className="font-medium text-primary underline-offset-4 hover:underline">
          Create account
        </Link>
      </p>
    </form>
  );
}
