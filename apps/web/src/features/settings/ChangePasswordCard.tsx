import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordInput, changePasswordSchema } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/Card';
import { fieldControls, PasswordField } from '@/features/auth/FormField';
import { CardHeading } from './CardHeading';
import { changePassword, securityKeys } from './securityApi';

const EMPTY: ChangePasswordInput = { current_password: '', password: '', confirm_password: '' };

/** Change password: the current one is required; every other session is signed out. */
export function ChangePasswordCard() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: EMPTY,
  });
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      form.reset(EMPTY);
      void queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
    },
    onError: (error) => {
      for (const [field, messages] of Object.entries(apiFieldErrors(error))) {
        if (field in EMPTY) form.setError(field as keyof ChangePasswordInput, { message: messages[0] });
      }
    },
  });
  const control = fieldControls('change-password', form.register, form.formState.errors);
  const fieldError = Object.keys(apiFieldErrors(mutation.error)).length > 0;

  return (
    <Card>
      <CardHeader>
        <CardHeading>{t('settings.password.title')}</CardHeading>
        <CardDescription>{t('settings.password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="flex max-w-md flex-col gap-4"
          onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
        >
          {mutation.isSuccess ? (
            <Alert variant="success" description={mutation.data} onClose={() => mutation.reset()} />
          ) : null}
          {mutation.isError && !fieldError ? (
            <Alert
              variant="destructive"
              description={apiErrorMessage(mutation.error, t('settings.password.failed'))}
            />
          ) : null}
          <PasswordField
            label={t('settings.password.current')}
            autoComplete="current-password"
            {...control('current_password')}
          />
          <PasswordField
            label={t('settings.password.new')}
            autoComplete="new-password"
            {...control('password')}
          />
          <PasswordField
            label={t('settings.password.confirm')}
            autoComplete="new-password"
            {...control('confirm_password')}
          />
          <Button type="submit" className="self-start" disabled={mutation.isPending}>
            {mutation.isPending ? t('settings.password.changing') : t('settings.password.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
