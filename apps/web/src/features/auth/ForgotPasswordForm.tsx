import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { Input } from '@/components/ui/Input';
import { Spinner } from '@/components/ui/Spinner';
import { forgotPassword } from './authApi';
import { FormField } from './FormField';

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
  const pending = request.isPending;

  return (
    <Card className="shadow-xl shadow-black/30">
      <CardHeader>
        <CardTitle className="text-xl">Forgot password</CardTitle>
        <CardDescription>
          Enter the email you signed up with and we will send you a reset link.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
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
            <FormField id="forgot-email" label="Email" error={errors.email?.message}>
              <Input
                id="forgot-email"
                type="email"
                autoComplete="email"
                inputMode="email"
                placeholder="you@example.com"
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? 'forgot-email-error' : undefined}
                {...register('email')}
              />
            </FormField>
            <Button type="submit" size="lg" className="w-full" disabled={pending}>
              {pending ? <Spinner aria-label="Sending" /> : null}
              {pending ? 'Sending...' : 'Send reset link'}
            </Button>
          </form>
        )}
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
