import { autoLoginSchema } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { landingPathFor } from '@/admin/landing';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { useSessionStore } from '@/stores/sessionStore';
import { AuthCard, AuthShell } from './AuthShell';
import { autoLogin } from './authApi';

/**
 * `/auto-login?token=…`: a one-time sign-in link made by staff (DESIGN §4). The token is exchanged
 * for a session as soon as the page opens, exactly once (the link is single-use, so a second
 * attempt, e.g. from StrictMode's double effect, would fail).
 */
export function AutoLoginPage() {
  const [params] = useSearchParams();
  const { t } = useTranslation('auth');
  const token = params.get('token') ?? '';
  const valid = autoLoginSchema.safeParse({ token }).success;
  const setUser = useSessionStore((s) => s.setUser);
  const navigate = useNavigate();
  const exchange = useMutation({
    mutationFn: autoLogin,
    onSuccess: (user) => {
      setUser(user);
      void navigate(landingPathFor(user), { replace: true });
    },
  });
  const { mutate } = exchange;
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !valid) return;
    started.current = true;
    mutate(token);
  }, [mutate, token, valid]);

  // The server's words for a spent or unknown link, also used when the link has no usable token.
  const failure = !valid
    ? t('autoLogin.failed')
    : exchange.isError
      ? apiErrorMessage(exchange.error, t('autoLogin.failed'))
      : null;

  return (
    <AuthShell>
      <AuthCard title={t('autoLogin.title')} testId="auto-login">
        {failure ? (
          <>
            <Alert variant="destructive" description={failure} />
            <Button asChild size="lg" className="w-full">
              <Link to="/">{t('goToSignIn')}</Link>
            </Button>
          </>
        ) : (
          <p className="flex items-center gap-3 text-sm text-muted-foreground" role="status">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            {t('autoLogin.signingIn')}
          </p>
        )}
      </AuthCard>
    </AuthShell>
  );
}
