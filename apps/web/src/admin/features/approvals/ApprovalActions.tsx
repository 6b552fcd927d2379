import type { Approval } from '@openbroker/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCan } from '@/admin/usePermission';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { useSessionStore } from '@/stores/sessionStore';
import { DECIDE_PERMISSION } from './kinds';
import { type Decision, useDecide } from './queries';
import { RejectDialog } from './RejectDialog';

/**
 * The buttons of one request: Approve and Reject for staff with the kind's permission who did not ask
 * for it (the server refuses the requester too); Withdraw for the requester. The server's answer to
 * a refused decision (403, 409) is shown in its own words.
 */
export function ApprovalActions({ approval }: { approval: Approval }) {
  const { t } = useTranslation('adminClients');
  const canApprove = useCan(DECIDE_PERMISSION[approval.kind]);
  const me = useSessionStore((s) => s.user?.id);
  const decide = useDecide();
  const [rejecting, setRejecting] = useState(false);
  const reasonId = useId();
  if (approval.status !== 'pending') return null;
  const own = approval.requested_by.id === me;

  function run(d: Decision) {
    decide.mutate(d, {
      onSuccess: () => {
        toast.success(t(`approvals.done.${d.verb}`));
        setRejecting(false);
      },
      onError: (e) => toast.error(apiErrorMessage(e, t('shared.tryAgain'))),
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      {canApprove ? (
        <>
          <Button
            size="sm"
            disabled={own || decide.isPending}
            aria-describedby={own ? reasonId : undefined}
            title={own ? t('approvals.ownRequest') : undefined}
            onClick={() => run({ verb: 'approve', id: approval.id })}
          >
            {t('approvals.approve')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={own || decide.isPending}
            aria-describedby={own ? reasonId : undefined}
            title={own ? t('approvals.ownRequest') : undefined}
            onClick={() => setRejecting(true)}
          >
            {t('approvals.reject')}
          </Button>
        </>
      ) : null}
      {own ? (
        <>
          {canApprove ? (
            <span id={reasonId} className="text-muted-foreground text-xs">
              {t('approvals.ownRequest')}
            </span>
          ) : null}
          <Button
            size="sm"
            variant="ghost"
            disabled={decide.isPending}
            onClick={() => run({ verb: 'cancel', id: approval.id })}
          >
            {t('approvals.withdraw')}
          </Button>
        </>
      ) : null}
      {rejecting ? (
        <RejectDialog
          approval={approval}
          open={rejecting}
          onOpenChange={setRejecting}
          pending={decide.isPending}
          onReject={(body) => run({ verb: 'reject', id: approval.id, body })}
        />
      ) : null}
    </div>
  );
}
