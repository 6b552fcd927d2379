import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/api/errors';
import { SubmitButton } from '@/components/SubmitButton';
import { Alert } from '@/components/ui/Alert';
import { AuthCard } from './AuthShell';
import { forgotPassword } from './authApi';
import { EmailField, fieldControls } from './FormField';

/** Step one of password help: the email to send a reset link to. */
export function ForgotPasswordForm() {
  const request = useMutation({ mutationFn: forgotPassword });
  const { t } = useTranslation('auth');
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
    <AuthCard title={t('forgot.title')} description={t('forgot.description')} backToSignIn>
      {request.isSuccess ? (
        <Alert variant="success" data-testid="forgot-sent" description={request.data} />
      ) : (
        <form data-testid="forgot-form" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          {request.isError ? (
            <Alert
              variant="destructive"
              description={apiErrorMessage(request.error, t('forgot.failed'))}
              onClose={() => request.reset()}
            />
          ) : null}
          <EmailField placeholder={t('emailPlaceholder')} {...control('email')} />
          <SubmitButton
            pending={request.isPending}
            pendingText={t('forgot.sending')}
            spinnerLabel={t('forgot.sendingLabel')}
          >
            {t('forgot.submit')}
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
