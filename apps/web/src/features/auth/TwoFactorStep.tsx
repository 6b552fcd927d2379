import { recoveryCodeSchema, totpCodeSchema } from '@openbroker/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { SubmitButton } from '@/components/SubmitButton';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { InputField } from './FormField';
import type { useLogin } from './useLogin';

/**
 * The second sign-in step when the account has two-factor on: the 6-digit code from the
 * authenticator app, or a recovery code (each works once).
 */
export function TwoFactorStep({ login }: { login: ReturnType<typeof useLogin> }) {
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const { t } = useTranslation('auth');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const step = login.secondStep;
  const field = mode === 'code' ? 'code' : 'recovery_code';
  const serverField = apiFieldErrors(step.error)[field]?.[0];
  const serverError =
    step.isError && !serverField ? apiErrorMessage(step.error, t('twoFactor.failed')) : undefined;

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
        <h2 className="text-lg font-semibold">{t('twoFactor.title')}</h2>
        <p className="text-sm text-muted-foreground">
          {mode === 'code' ? t('twoFactor.codeHint') : t('twoFactor.recoveryHint')}
        </p>
      </div>
      {serverError ? (
        <Alert variant="destructive" description={serverError} onClose={() => step.reset()} />
      ) : null}
      <InputField
        key={mode}
        id={`login-${field}`}
        label={mode === 'code' ? t('twoFactor.codeLabel') : t('twoFactor.recoveryLabel')}
        autoComplete="one-time-code"
        inputMode={mode === 'code' ? 'numeric' : 'text'}
        // i18n-ignore: sample codes
        placeholder={mode === 'code' ? '123456' : 'abcde-12345'}
        maxLength={mode === 'code' ? 7 : 13}
        autoFocus
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error || serverField ? { type: 'validate', message: error ?? serverField } : undefined}
      />
      <SubmitButton
        pending={step.isPending}
        pendingText={t('twoFactor.verifying')}
        spinnerLabel={t('twoFactor.verifyingLabel')}
      >
        {t('twoFactor.verify')}
      </SubmitButton>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button type="button" variant="link" className="h-auto p-0" onClick={switchMode}>
          {mode === 'code' ? t('twoFactor.useRecovery') : t('twoFactor.useApp')}
        </Button>
        <Button
          type="button"
          variant="link"
          className="h-auto p-0 text-muted-foreground"
          onClick={login.restart}
        >
          {t('backToSignIn')}
        </Button>
      </div>
    </form>
  );
}
