import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordSchema } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { apiErrorMessage } from '@/api/errors';
import { SubmitButton } from '@/components/SubmitButton';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { AuthCard } from './AuthShell';
import { resetPassword } from './authApi';
import { fieldControls, PasswordField } from './FormField';

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
  const control = fieldControls('reset', register, errors);
  const failure = errors.token
    ? INVALID_RESET_LINK
    : reset.isError
      ? apiErrorMessage(reset.error, RESET_PASSWORD_FAILED)
      : null;

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password changed">
        <Alert variant="success" data-testid="reset-done" description={reset.data} />
        <Button asChild size="lg" className="w-full">
          <Link to="/">Sign in</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      description="Signing in again will be needed on all your devices."
      backToSignIn
    >
      <form data-testid="reset-form" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {failure ? <ResetFailureAlert message={failure} /> : null}
        <PasswordField label="New password" autoComplete="new-password" {...control('password')} />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...control('confirm_password')}
        />
        <SubmitButton pending={reset.isPending} pendingText="Saving..." spinnerLabel="Saving">
          Set new password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

/** A failed reset is most often a spent link, so every failure offers to request a new one. */
function ResetFailureAlert({ message }: { message: string }) {
  return (
    <Alert
      variant="destructive"
      description={
        <>
          <p>{message}</p>
          <Link to="/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline">
            Request a new link
          </Link>
        </>
      }
    />
  );
}
