import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/Card';
import { InputField, PasswordField } from '@/features/auth/FormField';
import { CardHeading } from './CardHeading';
import { formatDateTime } from './formatTime';
import { QrCode } from './QrCode';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import {
  disableTwoFactor,
  enableTwoFactor,
  fetchTwoFactor,
  regenerateRecoveryCodes,
  securityKeys,
  setupTwoFactor,
} from './securityApi';

const asError = (message: string | undefined) => (message ? { type: 'server', message } : undefined);

/** Turn on (QR code, manual key, first code → recovery codes once), regenerate codes, turn off. */
export function TwoFactorCard() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: securityKeys.twoFactor, queryFn: fetchTwoFactor });
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor });

  let body: ReactNode;
  if (codes) {
    body = (
      <RecoveryCodesPanel
        codes={codes}
        onDone={() => {
          setCodes(null);
          refresh();
        }}
      />
    );
  } else if (status.isPending) {
    body = <p className="text-sm text-muted-foreground">{t('settings.loading')}</p>;
  } else if (status.isError) {
    body = (
      <Alert
        variant="destructive"
        description={apiErrorMessage(status.error, t('settings.twoFactor.loadFailed'))}
      />
    );
  } else if (status.data.enabled) {
    body = (
      <div className="flex flex-col gap-6">
        <p className="text-sm">
          <span className="font-medium text-success">{t('settings.twoFactor.on')}</span>
          {status.data.enabled_at
            ? t('settings.twoFactor.since', { date: formatDateTime(status.data.enabled_at) })
            : null}
          . {t('settings.twoFactor.codesLeft', { count: status.data.recovery_codes_left })}
        </p>
        <RegenerateForm onCodes={setCodes} />
        <DisableForm onDone={refresh} />
      </div>
    );
  } else {
    body = <SetupFlow onCodes={setCodes} />;
  }

  return (
    <Card>
      <CardHeader>
        <CardHeading>{t('settings.twoFactor.title')}</CardHeading>
        <CardDescription>{t('settings.twoFactor.description')}</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function SetupFlow({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('account');
  const [code, setCode] = useState('');
  const setup = useMutation({ mutationFn: setupTwoFactor });
  const enable = useMutation({ mutationFn: enableTwoFactor, onSuccess: onCodes });
  if (!setup.data) {
    return (
      <div className="flex flex-col gap-3">
        {setup.isError ? (
          <Alert
            variant="destructive"
            description={apiErrorMessage(setup.error, t('settings.twoFactor.setupFailed'))}
          />
        ) : null}
        <Button
          type="button"
          className="self-start"
          disabled={setup.isPending}
          onClick={() => setup.mutate()}
        >
          {t('settings.twoFactor.setup')}
        </Button>
      </div>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    enable.mutate(code);
  };
  const fieldError = apiFieldErrors(enable.error).code?.[0];
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4 lg:flex-row lg:items-start lg:gap-8">
      <QrCode value={setup.data.otpauth_url} label={t('settings.twoFactor.qr')} />
      <div className="flex max-w-md flex-col gap-4">
        <ol className="list-decimal space-y-1 ps-5 text-sm text-muted-foreground">
          <li>{t('settings.twoFactor.scan')}</li>
          <li>{t('settings.twoFactor.typeKey')}</li>
        </ol>
        <code
          className="break-all rounded-md border bg-muted/30 px-3 py-2 font-mono text-sm"
          data-testid="totp-secret"
        >
          {setup.data.secret.replace(/(.{4})/g, '$1 ').trim()}
        </code>
        {enable.isError && !fieldError ? (
          <Alert
            variant="destructive"
            description={apiErrorMessage(enable.error, t('settings.twoFactor.enableFailed'))}
          />
        ) : null}
        <InputField
          id="twofa-enable-code"
          label={t('settings.twoFactor.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          // i18n-ignore: a sample code
          placeholder="123456"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={asError(fieldError)}
        />
        <Button type="submit" className="self-start" disabled={enable.isPending}>
          {t('settings.twoFactor.turnOn')}
        </Button>
      </div>
    </form>
  );
}

function RegenerateForm({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('account');
  const [code, setCode] = useState('');
  const mutation = useMutation({ mutationFn: regenerateRecoveryCodes, onSuccess: onCodes });
  const fieldError = apiFieldErrors(mutation.error).code?.[0];
  return (
    <form
      noValidate
      className="flex max-w-md flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        mutation.mutate(code);
      }}
    >
      <h4 className="text-sm font-semibold">{t('settings.twoFactor.newCodes')}</h4>
      <p className="text-sm text-muted-foreground">{t('settings.twoFactor.oldCodesStop')}</p>
      <InputField
        id="twofa-regenerate-code"
        label={t('settings.twoFactor.codeOrRecovery')}
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={asError(
          fieldError ??
            (mutation.isError ? apiErrorMessage(mutation.error, t('settings.twoFactor.failed')) : undefined),
        )}
      />
      <Button type="submit" variant="outline" className="self-start" disabled={mutation.isPending}>
        {t('settings.twoFactor.getNewCodes')}
      </Button>
    </form>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const mutation = useMutation({ mutationFn: disableTwoFactor, onSuccess: onDone });
  const errors = apiFieldErrors(mutation.error);
  return (
    <form
      noValidate
      className="flex max-w-md flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        mutation.mutate({ password, code });
      }}
    >
      <h4 className="text-sm font-semibold">{t('settings.twoFactor.turnOffTitle')}</h4>
      {mutation.isError && Object.keys(errors).length === 0 ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(mutation.error, t('settings.twoFactor.disableFailed'))}
        />
      ) : null}
      <PasswordField
        id="twofa-disable-password"
        label={t('settings.twoFactor.password')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={asError(errors.password?.[0])}
      />
      <InputField
        id="twofa-disable-code"
        label={t('settings.twoFactor.codeOrRecovery')}
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={asError(errors.code?.[0])}
      />
      <Button type="submit" variant="destructive" className="self-start" disabled={mutation.isPending}>
        {t('settings.twoFactor.turnOff')}
      </Button>
    </form>
  );
}
