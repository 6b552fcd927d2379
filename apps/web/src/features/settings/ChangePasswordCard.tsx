import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordInput, changePasswordSchema } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { fieldControls, PasswordField } from '@/features/auth/FormField';
import { changePassword, securityKeys } from './securityApi';

const EMPTY: ChangePasswordInput = { current_password: '', password: '', confirm_password: '' };

/** Change password: the current one is required; every other session is signed out. */
export function ChangePasswordCard() {
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
        <CardTitle>Change password</CardTitle>
        <CardDescription>After the change, every other device is signed out.</CardDescription>
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
              description={apiErrorMessage(mutation.error, 'Unable to change the password.')}
            />
          ) : null}
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            {...control('current_password')}
          />
          <PasswordField label="New password" autoComplete="new-password" {...control('password')} />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            {...control('confirm_password')}
          />
          <Button type="submit" className="self-start" disabled={mutation.isPending}>
            {mutation.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
