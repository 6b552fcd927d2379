import { autoLoginSchema } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { landingPathFor } from '@/admin/landing';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { useSessionStore } from '@/stores/sessionStore';
import { AuthShell } from './AuthShell';
import { autoLogin } from './authApi';

/** The server's words for a spent or unknown link, also used when the link has no usable token. */
export const AUTO_LOGIN_FAILED = 'This sign-in link is invalid or has expired.';

/**
 * `/auto-login?token=…`: a one-time sign-in link made by staff (DESIGN §4). The token is exchanged
 * for a session as soon as the page opens, exactly once (the link is single-use, so a second
 * attempt, e.g. from StrictMode's double effect, would fail).
 */
export function AutoLoginPage() {
  const [params] = useSearchParams();
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

  const failure = !valid
    ? AUTO_LOGIN_FAILED
    : exchange.isError
      ? apiErrorMessage(exchange.error, AUTO_LOGIN_FAILED)
      : null;

  return (
    <AuthShell>
      <Card className="shadow-xl shadow-black/30" data-testid="auto-login">
        <CardHeader>
          <CardTitle className="text-xl">Automatic sign-in</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          {failure ? (
            <>
              <Alert variant="destructive" description={failure} />
              <Button asChild size="lg" className="w-full">
                <Link to="/">Go to sign in</Link>
              </Button>
            </>
          ) : (
            <p className="flex items-center gap-3 text-sm text-muted-foreground">
              <Spinner aria-label="Signing you in" />
              Signing you in...
            </p>
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
