import { recoveryCodeSchema, totpCodeSchema } from '@openbroker/domain';
import { type FormEvent, useState } from 'react';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { SubmitButton } from '@/components/SubmitButton';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { InputField } from './FormField';
import type { useLogin } from './useLogin';

const FALLBACK = 'Unable to verify the code. Please try again.';

/**
 * The second sign-in step when the account has two-factor on: the 6-digit code from the
 * authenticator app, or a recovery code (each works once).
 */
export function TwoFactorStep({ login }: { login: ReturnType<typeof useLogin> }) {
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const step = login.secondStep;
  const field = mode === 'code' ? 'code' : 'recovery_code';
  const serverField = apiFieldErrors(step.error)[field]?.[0];
  const serverError = step.isError && !serverField ? apiErrorMessage(step.error, FALLBACK) : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = (mode === 'code' ? totpCodeSchema : recoveryCodeSchema).safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    step.reset();
    step.mutate(mode === 'code' ? { code: parsed.data } : { recovery_code: parsed.data });
  };
  const switchMode = () => {
    setMode(mode === 'code' ? 'recovery' : 'code');
    setValue('');
    setError(undefined);
    step.reset();
  };

  return (
    <form data-testid="two-factor-form" noValidate onSubmit={submit} className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">Two-factor authentication</h2>
        <p className="text-sm text-muted-foreground">
          {mode === 'code'
            ? 'Enter the 6-digit code from your authenticator app.'
            : 'Enter one of the recovery codes you saved when you turned on two-factor authentication.'}
        </p>
      </div>
      {serverError ? (
        <Alert variant="destructive" description={serverError} onClose={() => step.reset()} />
      ) : null}
      <InputField
        key={mode}
        id={`login-${field}`}
        label={mode === 'code' ? 'Authentication code' : 'Recovery code'}
        autoComplete="one-time-code"
        inputMode={mode === 'code' ? 'numeric' : 'text'}
        placeholder={mode === 'code' ? '123456' : 'abcde-12345'}
        maxLength={mode === 'code' ? 7 : 13}
        autoFocus
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error || serverField ? { type: 'validate', message: error ?? serverField } : undefined}
      />
      <SubmitButton pending={step.isPending} pendingText="Verifying..." spinnerLabel="Verifying">
        Verify
      </SubmitButton>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button type="button" variant="link" className="h-auto p-0" onClick={switchMode}>
          {mode === 'code' ? 'Use a recovery code' : 'Use the authenticator app'}
        </Button>
        <Button
          type="button"
          variant="link"
          className="h-auto p-0 text-muted-foreground"
          onClick={login.restart}
        >
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
