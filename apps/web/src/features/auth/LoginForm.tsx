import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@openbroker/domain';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import { FormField } from './FormField';
import { PasswordInput } from './PasswordInput';
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

  const pending = loginMutation.isPending;

  return (
    <form data-testid="login-form" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {loginMutation.isError ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(loginMutation.error, LOGIN_FAILED_FALLBACK)}
          onClose={() => loginMutation.reset()}
        />
      ) : null}

      <FormField id="login-email" label="Email" error={errors.email?.message}>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'login-email-error' : undefined}
          {...register('email')}
        />
      </FormField>

      <FormField
        id="login-password"
        label="Password"
        error={errors.password?.message}
        aside={
          <Link to="/forgot-password" className="text-xs text-primary underline-offset-4 hover:underline">
            Forgot password?
          </Link>
        }
      >
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'login-password-error' : undefined}
          {...register('password')}
        />
      </FormField>

      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? <Spinner aria-label="Signing in" /> : null}
        {pending ? 'Signing in...' : 'Sign in'}
      </Button>

      <p className="text-center text-sm text-muted-foreground">
        New here?{' '}
        <Link to="/signup" className="font-medium text-primary underline-offset-4 hover:underline">
          Create account
        </Link>
      </p>
    </form>
  );
}
