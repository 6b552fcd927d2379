import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordSchema } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { resetPassword } from './authApi';
import { FormField } from './FormField';
import { PasswordInput } from './PasswordInput';

/** The server's words for a spent or unknown link; also shown when the link is visibly malformed. */
export const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Please request a new one.';
export const RESET_PASSWORD_FAILED = 'We could not change your password. Please try again.';

/** Step two of password help, reached from the emailed `/forgot-password?token=…` link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useMutation({ mutationFn: resetPassword });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', confirm_password: '' },
    mode: 'onSubmit',
  });

  const onSubmit = handleSubmit((values) => {
    reset.reset();
    reset.mutate(values);
  });
  const pending = reset.isPending;
  const failure = errors.token
    ? INVALID_RESET_LINK
    : reset.isError
      ? apiErrorMessage(reset.error, RESET_PASSWORD_FAILED)
      : null;

  if (reset.isSuccess) {
    return (
      <Card className="shadow-xl shadow-black/30">
        <CardHeader>
          <CardTitle className="text-xl">Password changed</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <Alert variant="success" data-testid="reset-done" description={reset.data} />
          <Button asChild size="lg" className="w-full">
            <Link to="/">Sign in</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card className="shadow-xl shadow-black/30">
      <CardHeader>
        <CardTitle className="text-xl">Choose a new password</CardTitle>
        <CardDescription>Signing in again will be needed on all your devices.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <form data-testid="reset-form" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          {failure ? (
            <Alert
              variant="destructive"
              description={
                <>
                  <p>{failure}</p>
                  <Link
                    to="/forgot-password"
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    Request a new link
                  </Link>
                </>
              }
            />
          ) : null}
          <FormField id="reset-password" label="New password" error={errors.password?.message}>
            <PasswordInput
              id="reset-password"
              autoComplete="new-password"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? 'reset-password-error' : undefined}
              {...register('password')}
            />
          </FormField>
          <FormField
            id="reset-confirm_password"
            label="Confirm new password"
            error={errors.confirm_password?.message}
          >
            <PasswordInput
              id="reset-confirm_password"
              autoComplete="new-password"
              aria-invalid={errors.confirm_password ? true : undefined}
              aria-describedby={errors.confirm_password ? 'reset-confirm_password-error' : undefined}
              {...register('confirm_password')}
            />
          </FormField>
          <Button type="submit" size="lg" className="w-full" disabled={pending}>
            {pending ? <Spinner aria-label="Saving" /> : null}
            {pending ? 'Saving...' : 'Set new password'}
          </Button>
        </form>
        <Link
          to="/"
          className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Back to sign in
        </Link>
      </CardContent>
    </Card>
  );
}
