import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordSchema } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '@/api/errors';
import { SubmitButton } from '@/components/SubmitButton';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { AuthCard } from './AuthShell';
import { resetPassword } from './authApi';
import { fieldControls, PasswordField } from './FormField';

/** Step two of password help, reached from the emailed `/forgot-password?token=…` link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useMutation({ mutationFn: resetPassword });
  const { t } = useTranslation('auth');
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
    ? // The server's words for a spent or unknown link; also shown when the link is visibly malformed.
      t('reset.invalidLink')
    : reset.isError
      ? apiErrorMessage(reset.error, t('reset.failed'))
      : null;

  if (reset.isSuccess) {
    return (
      <AuthCard title={t('reset.done')}>
        <Alert variant="success" data-testid="reset-done" description={reset.data} />
        <Button asChild size="lg" className="w-full">
          <Link to="/">{t('login.submit')}</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} description={t('reset.description')} backToSignIn>
      <form data-testid="reset-form" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {failure ? <ResetFailureAlert message={failure} /> : null}
        <PasswordField label={t('reset.newPassword')} autoComplete="new-password" {...control('password')} />
        <PasswordField
          label={t('reset.confirmPassword')}
          autoComplete="new-password"
          {...control('confirm_password')}
        />
        <SubmitButton
          pending={reset.isPending}
          pendingText={t('reset.saving')}
          spinnerLabel={t('reset.savingLabel')}
        >
          {t('reset.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

/** A failed reset is most often a spent link, so every failure offers to request a new one. */
function ResetFailureAlert({ message }: { message: string }) {
  const { t } = useTranslation('auth');
  return (
    <Alert
      variant="destructive"
      description={
        <>
          <p>{message}</p>
          <Link to="/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('reset.requestNew')}
          </Link>
        </>
      }
    />
  );
}
