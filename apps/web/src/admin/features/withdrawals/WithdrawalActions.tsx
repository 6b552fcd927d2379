import {
  rejectWithdrawalSchema,
  WITHDRAWAL_REJECTION_CODES,
  WITHDRAWAL_REJECTION_LABELS,
  WITHDRAWAL_TRANSITIONS,
} from '@openbroker/domain';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useCan } from '@/admin/usePermission';
import type { AdminWithdrawal, WithdrawalStep } from '@/api/adminMoney';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { useIdempotencyKey } from '@/lib/useIdempotencyKey';
import { useSessionStore } from '@/stores/sessionStore';
import { ConfirmDialog } from '../clients/ConfirmDialog';
import { formatAmount } from '../clients/format';
import { ReasonDialog } from '../deposits/ReasonDialog';
import { useDecideWithdrawal, type WithdrawalDecision } from './queries';

type Unkeyed<T> = T extends unknown ? Omit<T, 'key'> : never;

const DONE: Record<WithdrawalDecision['verb'], string> = {
  approve: 'Approval recorded',
  process: 'Withdrawal marked processing',
  complete: 'Withdrawal completed',
  reject: 'Withdrawal rejected; the hold is released',
};

/** The step a withdrawal's state allows next, with its button and what the confirmation says. */
function nextStep(w: AdminWithdrawal): { step: WithdrawalStep; label: string; ask: string } | null {
  const amount = formatAmount(w.amount, w.currency);
  if (w.status === 'held') {
    const second = w.approvals_required > 1 && w.approvals_given > 0;
    return {
      step: 'approve',
      label: second ? 'Give second approval' : 'Approve',
      ask:
        w.approvals_required > 1 && !second
          ? `This is the first of two approvals for ${amount}; a colleague gives the second.`
          : `Approve paying ${amount} to ${w.destination}.`,
    };
  }
  if (w.status === 'approved') {
    return w.method === 'bank'
      ? { step: 'process', label: 'Mark processing', ask: `Mark ${amount} as being paid by bank transfer.` }
      : { step: 'process', label: 'Send payout', ask: `Send ${amount} to ${w.destination} now.` };
  }
  if (w.status === 'processing') {
    return { step: 'complete', label: 'Mark completed', ask: `Confirm ${amount} reached ${w.destination}.` };
  }
  return null;
}

/**
 * Staff steps on a withdrawal by its state: approve (one or two approvals, by different staff),
 * mark processing or send the payout, mark completed, or reject with a coded reason. What the
 * server refuses (the first approver giving the second approval: 403) is shown in its words.
 */
export function WithdrawalActions({ withdrawal: w }: { withdrawal: AdminWithdrawal }) {
  const canDecide = useCan('money.approve');
  const me = useSessionStore((s) => s.user?.id);
  const decide = useDecideWithdrawal();
  const keys = useIdempotencyKey();
  const noteId = useId();
  const [dialog, setDialog] = useState<'step' | 'reject' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const next = nextStep(w);
  const gaveFirst = w.status === 'held' && w.first_approved_by !== null && w.first_approved_by.id === me;
  const rejectable = WITHDRAWAL_TRANSITIONS[w.status].includes('rejected');

  function run(decision: Unkeyed<WithdrawalDecision>) {
    setFailure(null);
    const full: WithdrawalDecision = { ...decision, key: keys.keyFor(decision) };
    decide.mutate(full, {
      onSuccess: () => {
        keys.done();
        toast.success(DONE[decision.verb]);
      },
      onError: (e) => setFailure(apiErrorMessage(e, 'That did not go through. Try again.')),
      onSettled: () => setDialog(null),
    });
  }

  return (
    <div className="flex flex-col gap-3">
      {w.approvals_required > 1 ? (
        <p className="text-sm" data-testid="approvals-progress">
          {w.approvals_given} of {w.approvals_required} approvals
          {w.first_approved_by ? (
            <span className="text-muted-foreground"> · first by {w.first_approved_by.name}</span>
          ) : null}
        </p>
      ) : null}
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
      {canDecide && (next || rejectable) ? (
        <div className="flex flex-wrap items-center gap-2">
          {next ? (
            <Button
              disabled={decide.isPending || gaveFirst}
              aria-describedby={gaveFirst ? noteId : undefined}
              onClick={() => setDialog('step')}
            >
              {next.label}
            </Button>
          ) : null}
          {rejectable ? (
            <Button variant="outline" disabled={decide.isPending} onClick={() => setDialog('reject')}>
              Reject
            </Button>
          ) : null}
          {gaveFirst ? (
            <span id={noteId} className="text-muted-foreground text-xs">
              You gave the first approval; a colleague gives the second.
            </span>
          ) : null}
        </div>
      ) : null}
      {next && dialog === 'step' ? (
        <ConfirmDialog
          open
          onOpenChange={(o) => setDialog(o ? 'step' : null)}
          title={`${next.label}?`}
          description={next.ask}
          confirmLabel={next.label}
          pending={decide.isPending}
          onConfirm={() => run({ verb: next.step, id: w.id })}
        />
      ) : null}
      {dialog === 'reject' ? (
        <ReasonDialog
          open
          onOpenChange={(o) => setDialog(o ? 'reject' : null)}
          title="Reject withdrawal"
          description={`${formatAmount(w.amount, w.currency)} for ${w.user.name}; the hold is released and the client reads the reason you choose.`}
          codes={WITHDRAWAL_REJECTION_CODES}
          labels={WITHDRAWAL_REJECTION_LABELS}
          schema={rejectWithdrawalSchema}
          pending={decide.isPending}
          onReject={(body) => run({ verb: 'reject', id: w.id, body })}
        />
      ) : null}
    </div>
  );
}
