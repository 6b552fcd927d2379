import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/api/errors';
import { SectionPage } from '@/components/SectionPage';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { formatNumber } from '@/i18n/format';
import { RequirementCard } from './RequirementCard';
import { useVerification } from './verificationApi';

/**
 * `/main/verification` (issue 15): the customer's level and what it unlocks, what to do next, and
 * each requirement with its state, the reason when rejected, and the upload controls.
 */
export function VerificationPage() {
  const { t } = useTranslation('account');
  const query = useVerification();
  const title = t('verification.title');
  if (query.isPending) {
    return (
      <SectionPage title={title}>
        <Spinner aria-label={t('verification.loading')} />
      </SectionPage>
    );
  }
  if (query.isError) {
    return (
      <SectionPage title={title}>
        <Alert
          variant="destructive"
          title={t('verification.loadFailed')}
          description={apiErrorMessage(query.error, t('verification.tryLater'))}
        />
        <div>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('verification.tryAgain')}
          </Button>
        </div>
      </SectionPage>
    );
  }
  const v = query.data;
  const used =
    v.storage.used < 1024 * 1024
      ? `${formatNumber(Math.ceil(v.storage.used / 1024))} KB`
      : `${formatNumber(v.storage.used / 1024 / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;
  const cap = `${formatNumber(Math.round(v.storage.cap / 1024 / 1024))} MB`;
  return (
    <SectionPage title={title}>
      <Card className="gap-4 py-5">
        <CardHeader className="px-5">
          <div className="flex flex-wrap items-center gap-3">
            <span
              className="inline-flex items-center gap-1.5 rounded-full bg-primary/15 px-3 py-1 font-semibold text-foreground text-sm"
              data-testid="verification-level"
            >
              <ShieldCheck className="size-4" aria-hidden />
              {t('verification.level', { level: v.level })}
            </span>
            <CardTitle className="text-base">{v.level_name}</CardTitle>
          </div>
          <CardDescription>{t('verification.allows')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 px-5">
          <ul className="flex flex-wrap gap-2 text-sm">
            {v.unlocks.map((u) => (
              <li key={u} className="rounded-md border px-2.5 py-1">
                {u}
              </li>
            ))}
          </ul>
          <Alert
            variant={v.next_level ? 'default' : 'success'}
            title={t('verification.nextStep')}
            description={v.next_step}
          />
          {v.next_level ? (
            <p className="text-muted-foreground text-sm">
              {t('verification.nextLevel', {
                level: v.next_level.level,
                name: v.next_level.name,
                unlocks: v.next_level.unlocks.join(', '),
              })}
            </p>
          ) : null}
          {v.can_upload ? (
            <p className="text-muted-foreground text-xs">{t('verification.files', { used, cap })}</p>
          ) : null}
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        {v.requirements.map((r) => (
          <RequirementCard key={r.kind} req={r} />
        ))}
      </div>
    </SectionPage>
  );
}
