import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { apiErrorMessage } from '@/api/errors';
import { SubmitButton } from '@/components/SubmitButton';
import { Alert } from '@/components/ui/Alert';
import { AuthCard } from './AuthShell';
import { forgotPassword } from './authApi';
import { EmailField, fieldControls } from './FormField';

export const FORGOT_PASSWORD_FAILED = 'We could not send the reset link. Please try again.';

/** Step one of password help: the email to send a reset link to. */
export function ForgotPasswordForm() {
  const request = useMutation({ mutationFn: forgotPassword });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
    mode: 'onSubmit',
  });

  const onSubmit = handleSubmit((values) => {
    request.reset();
    request.mutate(values.email);
  });
  const control = fieldControls('forgot', register, errors);

  return (
    <AuthCard
      title="Forgot password"
      description="Enter the email you signed up with and we will send you a reset link."
      backToSignIn
    >
      {request.isSuccess ? (
        <Alert variant="success" data-testid="forgot-sent" description={request.data} />
      ) : (
        <form data-testid="forgot-form" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          {request.isError ? (
            <Alert
              variant="destructive"
              description={apiErrorMessage(request.error, FORGOT_PASSWORD_FAILED)}
              onClose={() => request.reset()}
            />
          ) : null}
          <EmailField placeholder="you@example.com" {...control('email')} />
          <SubmitButton pending={request.isPending} pendingText="Sending..." spinnerLabel="Sending">
            Send reset link
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
