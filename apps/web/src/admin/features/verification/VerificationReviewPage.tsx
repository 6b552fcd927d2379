import {
  DOCUMENT_TYPE_LABELS,
  VERIFICATION_REJECTION_LABELS,
  type VerificationDocument,
  type VerificationReview,
} from '@openbroker/domain';
import { FileText } from 'lucide-react';
import { useState } from 'react';
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
import { type Decision, useDecideRequirement, useVerificationReview } from './queries';
import { RejectRequirementDialog } from './RejectRequirementDialog';

type Requirement = VerificationReview['requirements'][number];
const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

function DocumentView({ doc, canSee }: { doc: VerificationDocument; canSee: boolean }) {
  const caption = `${DOCUMENT_TYPE_LABELS[doc.document_type]}${doc.side ? ` (${doc.side})` : ''}`;
  if (!canSee)
    return <p className="text-muted-foreground text-xs">{caption}: needs verification.documents to view.</p>;
  return (
    <figure className="flex flex-col gap-1">
      {doc.is_image ? (
        <a href={doc.download_url} target="_blank" rel="noopener noreferrer">
          <img
            src={doc.download_url}
            alt={`${caption}: ${doc.file_name}`}
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
        {caption} · {doc.submitted ? 'submitted' : 'not submitted yet'} · {when(doc.created_at)}
      </figcaption>
    </figure>
  );
}

function RequirementReview({ userId, req }: { userId: number; req: Requirement }) {
  const canSee = useCan('verification.documents');
  const decide = useDecideRequirement(userId);
  const [rejecting, setRejecting] = useState(false);
  const run = (d: Decision) =>
    decide.mutate(d, {
      onSuccess: (status) => {
        toast.success(
          status === 'requested'
            ? 'Approval requested: a second staff member confirms it'
            : status === 'approved'
              ? 'Approved'
              : 'Rejected',
        );
        setRejecting(false);
      },
      onError: (e) => toast.error(apiErrorMessage(e, 'That did not go through. Try again.')),
    });
  const docs = req.documents.filter((d) => d.submitted);
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="text-base">{req.label}</CardTitle>
          <StateBadge state={req.state} label={req.state_label} />
        </div>
        <p className="text-muted-foreground text-xs">
          Submitted {when(req.submitted_at)} · {req.submissions_left} submissions left
          {req.needed_for_level !== null ? ` · needed for level ${req.needed_for_level}` : ''}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 px-4">
        {req.reason_code ? (
          <p className="text-sm">
            <span className="font-medium">{VERIFICATION_REJECTION_LABELS[req.reason_code]}</span>
            {req.reason ? ` — customer read: “${req.reason}”` : ''}
          </p>
        ) : null}
        {req.staff_comment ? (
          <p className="text-muted-foreground text-xs">Staff comment: {req.staff_comment}</p>
        ) : null}
        {docs.length ? (
          <div className="grid gap-3 sm:grid-cols-2">
            {docs.map((d) => (
              <DocumentView key={d.id} doc={d} canSee={canSee} />
            ))}
          </div>
        ) : (
          <p className="text-muted-foreground text-sm">No submitted documents.</p>
        )}
        {req.approval_pending ? (
          <Alert
            title="Waiting for a second approval"
            description="Another staff member confirms it in Approvals."
          />
        ) : req.state === 'pending' ? (
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={decide.isPending}
              onClick={() => run({ verb: 'approve', kind: req.kind, comment: '' })}
            >
              Approve
            </Button>
            <Button variant="outline" disabled={decide.isPending} onClick={() => setRejecting(true)}>
              Reject
            </Button>
          </div>
        ) : null}
        {rejecting ? (
          <RejectRequirementDialog
            label={req.label}
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
  const userId = Number(useParams().userId);
  const query = useVerificationReview(userId);
  if (query.isPending)
    return (
      <AdminPage title="Verification review">
        <Spinner />
      </AdminPage>
    );
  if (query.isError) {
    return (
      <AdminPage title="Verification review">
        <Alert
          variant="destructive"
          title="Could not load"
          description={apiErrorMessage(query.error, 'Try again.')}
        />
      </AdminPage>
    );
  }
  const v = query.data;
  const c = v.customer;
  const profile: Array<[string, string]> = [
    ['Name', `${c.first_name} ${c.last_name}`.trim() || '—'],
    ['E-mail', c.email],
    ['Phone', c.phone ?? '—'],
    ['Country', c.country ?? '—'],
    ['Nationality', c.nationality ?? '—'],
    ['Status', c.status],
    ['Registered', when(c.created_at)],
    ['Level', `${v.level} (${v.level_name})`],
  ];
  return (
    <AdminPage
      title={`Verification: ${profile[0]?.[1] ?? ''}`}
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/verification">Back to the queue</Link>
        </Button>
      }
    >
      <div className="grid gap-4 lg:grid-cols-[18rem_1fr]">
        <Card className="h-fit gap-3 py-4">
          <CardHeader className="px-4">
            <CardTitle className="text-base">Profile</CardTitle>
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
              Open the client card
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
