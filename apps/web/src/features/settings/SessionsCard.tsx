import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/Card';
import { usePreferencesStore } from '@/stores/preferencesStore';
import { CardHeading } from './CardHeading';
import { formatDateTime } from './formatTime';
import { fetchSessions, revokeOtherSessions, revokeSession, securityKeys } from './securityApi';

/** Where this account is signed in; sign out one device or all but this one. */
export function SessionsCard() {
  const { t } = useTranslation('account');
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
        <CardHeading>{t('settings.sessionsCard.title')}</CardHeading>
        <CardDescription>{t('settings.sessionsCard.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {failure ? (
          <Alert
            variant="destructive"
            description={apiErrorMessage(failure, t('settings.sessionsCard.failed'))}
          />
        ) : null}
        {sessions.isPending ? <p className="text-sm text-muted-foreground">{t('settings.loading')}</p> : null}
        <ul className="flex flex-col divide-y rounded-lg border">
          {list.map((s) => (
            <li key={s.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 flex-col gap-0.5">
                <p className="font-medium">
                  {s.device}
                  {s.current ? (
                    <span className="ms-2 rounded-full bg-success/15 px-2 py-0.5 text-xs font-medium text-success">
                      {t('settings.sessionsCard.thisDevice')}
                    </span>
                  ) : null}
                </p>
                <p className="text-xs text-muted-foreground">
                  {t('settings.sessionsCard.details', {
                    ip: s.ip ?? t('settings.sessionsCard.unknownAddress'),
                    signedIn: formatDateTime(s.created_at, zone),
                    lastUsed: formatDateTime(s.last_used_at, zone),
                  })}
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
                  aria-label={t('settings.sessionsCard.signOutLabel', {
                    device: s.device,
                    lastUsed: formatDateTime(s.last_used_at, zone),
                  })}
                >
                  {t('settings.sessionsCard.signOut')}
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
          {t('settings.sessionsCard.signOutOthers')}
        </Button>
      </CardContent>
    </Card>
  );
}
