import { unlockAccountSchema } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import enAuth from '@/i18n/locales/en/auth';
import { AuthCard, AuthShell } from './AuthShell';
import { unlockAccount } from './unlockApi';

/**
 * `/unlock?token=…` (public): the link mailed to the owner when wrong passwords paused sign-in.
 * The customer presses the button (a mail scanner that merely opens the link unlocks nothing), the
 * server clears the pause, and the page says so and leads to sign-in.
 */
/** Shown when the link has no usable token or the server refuses it without words of its own (English, for tests). */
export const UNLOCK_FAILED = enAuth.unlock.failed;

export function UnlockPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = unlockAccountSchema.safeParse({ token }).success;
  const unlock = useMutation({ mutationFn: unlockAccount });
  const { t } = useTranslation('auth');

  const failure = !valid
    ? t('unlock.failed')
    : unlock.isError
      ? apiErrorMessage(unlock.error, t('unlock.failed'))
      : null;
  // A spent or refused link cannot work on a second press: then only the way to sign in is left.
  const offerUnlock = valid && !unlock.isSuccess && !unlock.isError;

  return (
    <AuthShell>
      <AuthCard title={t('unlock.title')} description={t('unlock.description')} testId="unlock">
        {failure ? <Alert variant="destructive" description={failure} /> : null}
        {unlock.isSuccess ? <Alert variant="success" description={unlock.data} /> : null}
        {offerUnlock ? (
          <Button
            type="button"
            size="lg"
            className="w-full"
            disabled={unlock.isPending}
            onClick={() => unlock.mutate(token)}
          >
            {unlock.isPending ? t('unlock.unlocking') : t('unlock.submit')}
          </Button>
        ) : null}
        <Button asChild size="lg" variant={offerUnlock ? 'outline' : 'default'} className="w-full">
          <Link to="/">{t('goToSignIn')}</Link>
        </Button>
        <p className="text-sm text-muted-foreground">
          <Trans
            t={t}
            i18nKey="unlock.notYou"
            components={{
              reset: (
                <Link to="/forgot-password" className="text-primary underline-offset-4 hover:underline" />
              ),
            }}
          />
        </p>
      </AuthCard>
    </AuthShell>
  );
}
