import { unlockAccountSchema } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { AuthShell } from './AuthShell';
import { unlockAccount } from './unlockApi';

/** Shown when the link has no usable token or the server refuses it without words of its own. */
export const UNLOCK_FAILED =
  'This unlock link is invalid, already used or has expired. Wait 15 minutes or ask for a password reset.';

/**
 * `/unlock?token=…` (public): the link mailed to the owner when wrong passwords paused sign-in.
 * The customer presses the button (a mail scanner that merely opens the link unlocks nothing), the
 * server clears the pause, and the page says so and leads to sign-in.
 */
export function UnlockPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = unlockAccountSchema.safeParse({ token }).success;
  const unlock = useMutation({ mutationFn: unlockAccount });

  const failure = !valid
    ? UNLOCK_FAILED
    : unlock.isError
      ? apiErrorMessage(unlock.error, UNLOCK_FAILED)
      : null;
  // A spent or refused link cannot work on a second press: then only the way to sign in is left.
  const offerUnlock = valid && !unlock.isSuccess && !unlock.isError;

  return (
    <AuthShell>
      <Card className="shadow-xl shadow-black/30" data-testid="unlock">
        <CardHeader>
          <CardTitle className="text-xl">Unlock sign-in</CardTitle>
          <CardDescription>
            Sign-in to your account was paused after several wrong passwords. If that was you, unlock it now
            instead of waiting.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
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
              {unlock.isPending ? 'Unlocking...' : 'Unlock my account'}
            </Button>
          ) : null}
          <Button asChild size="lg" variant={offerUnlock ? 'outline' : 'default'} className="w-full">
            <Link to="/">Go to sign in</Link>
          </Button>
          <p className="text-sm text-muted-foreground">
            Not you? Your password was not accepted, so your account is safe. To be sure,{' '}
            <Link to="/forgot-password" className="text-primary underline-offset-4 hover:underline">
              choose a new password
            </Link>
            .
          </p>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
