import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { usePreferencesStore } from '@/stores/preferencesStore';
import { formatDateTime } from './formatTime';
import { fetchSessions, revokeOtherSessions, revokeSession, securityKeys } from './securityApi';

/** Where this account is signed in; sign out one device or all but this one. */
export function SessionsCard() {
  const queryClient = useQueryClient();
  const zone = usePreferencesStore((s) => s.prefs.time_zone ?? undefined);
  const sessions = useQuery({ queryKey: securityKeys.sessions, queryFn: fetchSessions });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
  const one = useMutation({ mutationFn: revokeSession, onSettled: refresh });
  const others = useMutation({ mutationFn: revokeOtherSessions, onSettled: refresh });
  const list = sessions.data ?? [];
  const failure = one.error ?? others.error ?? sessions.error;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Active sessions</CardTitle>
        <CardDescription>
          Devices signed in to your account. Sign out any you do not recognise.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {failure ? (
          <Alert
            variant="destructive"
            description={apiErrorMessage(failure, 'Unable to update the sessions.')}
          />
        ) : null}
        {sessions.isPending ? <p className="text-sm text-muted-foreground">Loading...</p> : null}
        <ul className="flex flex-col divide-y rounded-lg border">
          {list.map((s) => (
            <li key={s.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 flex-col gap-0.5">
                <p className="font-medium">
                  {s.device}
                  {s.current ? (
                    <span className="ml-2 rounded-full bg-success/15 px-2 py-0.5 text-xs font-medium text-success">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="text-xs text-muted-foreground">
                  {s.ip ?? 'Unknown address'} · Signed in {formatDateTime(s.created_at, zone)} · Last used{' '}
                  {formatDateTime(s.last_used_at, zone)}
                </p>
              </div>
              {s.current ? null : (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="self-start sm:self-auto"
                  disabled={one.isPending}
                  onClick={() => one.mutate(s.id)}
                  aria-label={`Sign out ${s.device}, last used ${formatDateTime(s.last_used_at, zone)}`}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
        <Button
          type="button"
          variant="outline"
          className="self-start"
          disabled={others.isPending || list.filter((s) => !s.current).length === 0}
          onClick={() => others.mutate()}
        >
          Sign out all other sessions
        </Button>
      </CardContent>
    </Card>
  );
}
