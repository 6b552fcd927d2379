import { USER_STATUSES, type VerificationDocument, type VerificationReview } from '@openbroker/domain';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { AdminPage } from '@/admin/components/AdminPage';
import { useCan } from '@/admin/usePermission';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { StateBadge } from '@/features/verification/StateBadge';
import { formatDateTime } from '@/i18n/format';
import { type Decision, useDecideRequirement, useVerificationReview } from './queries';
import { RejectRequirementDialog } from './RejectRequirementDialog';

type Requirement = VerificationReview['requirements'][number];
const when = (iso: string | null) =>
  iso ? formatDateTime(iso, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

function DocumentView({ doc, canSee }: { doc: VerificationDocument; canSee: boolean }) {
  const { t } = useTranslation('adminOps');
  const type = t(`labels.documentType.${doc.document_type}`);
  const caption = doc.side
    ? t('verification.review.captionSide', { type, side: t(`labels.documentSide.${doc.side}`) })
    : type;
  if (!canSee)
    return (
      <p className="text-muted-foreground text-xs">
        {t('verification.review.docNeedsPermission', { caption })}
      </p>
    );
  return (
    <figure className="flex flex-col gap-1">
      {doc.is_image ? (
        <a href={doc.download_url} target="_blank" rel="noopener noreferrer">
          <img
            src={doc.download_url}
            alt={t('verification.review.docAlt', { caption, file: doc.file_name })}
            className="max-h-72 w-full rounded border bg-black/30 object-contain"
          />
        </a>
      ) : (
        <a
          href={`${doc.download_url}?download=1`}
          className="flex items-center gap-2 rounded border p-3 text-primary text-sm hover:underline"
        >
          <FileText className="size-5" aria-hidden /> {doc.file_name}
        </a>
      )}
      <figcaption className="text-muted-foreground text-xs">
        {caption} ·{' '}
        {doc.submitted ? t('verification.review.submitted') : t('verification.review.notSubmitted')} ·{' '}
        {when(doc.created_at)}
      </figcaption>
    </figure>
  );
}

function RequirementReview({ userId, req }: { userId: number; req: Requirement }) {
  const { t } = useTranslation('adminOps');
  const label = t(`labels.requirement.${req.kind}`);
  const canSee = useCan('verification.documents');
  const decide = useDecideRequirement(userId);
  const [rejecting, setRejecting] = useState(false);
  const run = (d: Decision) =>
    decide.mutate(d, {
      onSuccess: (status) => {
        toast.success(
          status === 'requested'
            ? t('verification.review.requested')
            : status === 'approved'
              ? t('verification.review.approved')
              : t('verification.review.rejected'),
        );
        setRejecting(false);
      },
      onError: (e) => toast.error(apiErrorMessage(e, t('shared.tryAgain'))),
    });
  const docs = req.documents.filter((d) => d.submitted);
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="text-base">{label}</CardTitle>
          <StateBadge state={req.state} label={t(`labels.requirementState.${req.state}`)} />
        </div>
        <p className="text-muted-foreground text-xs">
          {t('verification.review.submittedMeta', {
            when: when(req.submitted_at),
            count: req.submissions_left,
          })}
          {req.needed_for_level !== null
            ? ` · ${t('verification.review.neededForLevel', { level: req.needed_for_level })}`
            : ''}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 px-4">
        {req.reason_code ? (
          <p className="text-sm">
            <span className="font-medium">{t(`labels.verificationRejection.${req.reason_code}`)}</span>
            {req.reason ? ` — ${t('verification.review.customerRead', { reason: req.reason })}` : ''}
          </p>
        ) : null}
        {req.staff_comment ? (
          <p className="text-muted-foreground text-xs">
            {t('verification.review.staffComment', { comment: req.staff_comment })}
          </p>
        ) : null}
        {docs.length ? (
          <div className="grid gap-3 sm:grid-cols-2">
            {docs.map((d) => (
              <DocumentView key={d.id} doc={d} canSee={canSee} />
            ))}
          </div>
        ) : (
          <p className="text-muted-foreground text-sm">{t('verification.review.noDocs')}</p>
        )}
        {req.approval_pending ? (
          <Alert
            title={t('verification.review.waitingTitle')}
            description={t('verification.review.waitingDescription')}
          />
        ) : req.state === 'pending' ? (
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={decide.isPending}
              onClick={() => run({ verb: 'approve', kind: req.kind, comment: '' })}
            >
              {t('verification.review.approve')}
            </Button>
            <Button variant="outline" disabled={decide.isPending} onClick={() => setRejecting(true)}>
              {t('verification.review.reject')}
            </Button>
          </div>
        ) : null}
        {rejecting ? (
          <RejectRequirementDialog
            label={label}
            open={rejecting}
            onOpenChange={setRejecting}
            pending={decide.isPending}
            onReject={(body) => run({ verb: 'reject', kind: req.kind, body })}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The review screen: the customer's profile beside each requirement and its documents. */
export function VerificationReviewPage() {
  const { t } = useTranslation('adminOps');
  const userId = Number(useParams().userId);
  const query = useVerificationReview(userId);
  if (query.isPending)
    return (
      <AdminPage title={t('verification.review.title')}>
        <span role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
          <Spinner /> {t('shared.loading')}
        </span>
      </AdminPage>
    );
  if (query.isError) {
    return (
      <AdminPage title={t('verification.review.title')}>
        <Alert
          variant="destructive"
          title={t('verification.review.couldNotLoad')}
          description={apiErrorMessage(query.error, t('verification.review.tryAgain'))}
        />
      </AdminPage>
    );
  }
  const v = query.data;
  const c = v.customer;
  const name = `${c.first_name} ${c.last_name}`.trim() || '—';
  const customerStatus = USER_STATUSES.find((s) => s === c.status);
  const profile: Array<[string, string]> = [
    [t('verification.review.name'), name],
    [t('verification.review.email'), c.email],
    [t('verification.review.phone'), c.phone ?? '—'],
    [t('verification.review.country'), c.country ?? '—'],
    [t('verification.review.nationality'), c.nationality ?? '—'],
    [
      t('verification.review.status'),
      customerStatus ? t(`labels.customerStatus.${customerStatus}`) : c.status,
    ],
    [t('verification.review.registered'), when(c.created_at)],
    [
      t('verification.review.level'),
      t('verification.review.levelValue', { level: v.level, name: v.level_name }),
    ],
  ];
  return (
    <AdminPage
      title={t('verification.review.titleFor', { name })}
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/verification">{t('verification.review.back')}</Link>
        </Button>
      }
    >
      <div className="grid gap-4 lg:grid-cols-[18rem_1fr]">
        <Card className="h-fit gap-3 py-4">
          <CardHeader className="px-4">
            <CardTitle className="text-base">{t('verification.review.profile')}</CardTitle>
          </CardHeader>
          <CardContent className="px-4">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
              {profile.map(([k, val]) => (
                <div key={k} className="contents">
                  <dt className="text-muted-foreground">{k}</dt>
                  <dd className="break-words">{val}</dd>
                </div>
              ))}
            </dl>
            <Link
              to={`/admin/clients/${c.id}`}
              className="mt-3 inline-block text-primary text-sm hover:underline"
            >
              {t('verification.review.openClient')}
            </Link>
          </CardContent>
        </Card>
        <div className="flex flex-col gap-4">
          {v.requirements.map((r) => (
            <RequirementReview key={r.kind} userId={c.id} req={r} />
          ))}
        </div>
      </div>
    </AdminPage>
  );
}
