import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { InputField, PasswordField } from '@/features/auth/FormField';
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
    body = <p className="text-sm text-muted-foreground">Loading...</p>;
  } else if (status.isError) {
    body = (
      <Alert
        variant="destructive"
        description={apiErrorMessage(status.error, 'Unable to load the two-factor status.')}
      />
    );
  } else if (status.data.enabled) {
    body = (
      <div className="flex flex-col gap-6">
        <p className="text-sm">
          <span className="font-medium text-success">On</span>
          {status.data.enabled_at ? ` since ${formatDateTime(status.data.enabled_at)}` : null}.{' '}
          {status.data.recovery_codes_left} recovery codes left.
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
        <CardTitle>Two-factor authentication</CardTitle>
        <CardDescription>
          Signing in asks for a code from an authenticator app (Google Authenticator, 1Password, Authy...) as
          well as your password.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function SetupFlow({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const [code, setCode] = useState('');
  const setup = useMutation({ mutationFn: setupTwoFactor });
  const enable = useMutation({ mutationFn: enableTwoFactor, onSuccess: onCodes });
  if (!setup.data) {
    return (
      <div className="flex flex-col gap-3">
        {setup.isError ? (
          <Alert
            variant="destructive"
            description={apiErrorMessage(setup.error, 'Unable to start the set-up.')}
          />
        ) : null}
        <Button
          type="button"
          className="self-start"
          disabled={setup.isPending}
          onClick={() => setup.mutate()}
        >
          Set up two-factor authentication
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
      <QrCode value={setup.data.otpauth_url} label="QR code for your authenticator app" />
      <div className="flex max-w-md flex-col gap-4">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
          <li>Scan the QR code with your authenticator app.</li>
          <li>Or type this key into the app:</li>
        </ol>
        <code
          className="break-all rounded-md border bg-muted/30 px-3 py-2 font-mono text-sm"
          data-testid="totp-secret"
        >
          {setup.data.secret.replace(/(.{4})/g, '$1 ').trim()}
        </code>
        {enable.isError && !fieldError ? (
          <Alert variant="destructive" description={apiErrorMessage(enable.error, 'Unable to turn it on.')} />
        ) : null}
        <InputField
          id="twofa-enable-code"
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={asError(fieldError)}
        />
        <Button type="submit" className="self-start" disabled={enable.isPending}>
          Turn on
        </Button>
      </div>
    </form>
  );
}

function RegenerateForm({ onCodes }: { onCodes: (codes: string[]) => void }) {
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
      <h3 className="text-sm font-semibold">New recovery codes</h3>
      <p className="text-sm text-muted-foreground">The old codes stop working.</p>
      <InputField
        id="twofa-regenerate-code"
        label="Code from the app or a recovery code"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={asError(
          fieldError ??
            (mutation.isError ? apiErrorMessage(mutation.error, 'Unable to do this.') : undefined),
        )}
      />
      <Button type="submit" variant="outline" className="self-start" disabled={mutation.isPending}>
        Get new recovery codes
      </Button>
    </form>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
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
      <h3 className="text-sm font-semibold">Turn off two-factor authentication</h3>
      {mutation.isError && Object.keys(errors).length === 0 ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(mutation.error, 'Unable to turn it off.')}
        />
      ) : null}
      <PasswordField
        id="twofa-disable-password"
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={asError(errors.password?.[0])}
      />
      <InputField
        id="twofa-disable-code"
        label="Code from the app or a recovery code"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={asError(errors.code?.[0])}
      />
      <Button type="submit" variant="destructive" className="self-start" disabled={mutation.isPending}>
        Turn off
      </Button>
    </form>
  );
}
