import {
  rejectWithdrawalSchema,
  WITHDRAWAL_REJECTION_CODES,
  WITHDRAWAL_TRANSITIONS,
} from '@openbroker/domain';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCan } from '@/admin/usePermission';
import type { AdminWithdrawal, WithdrawalStep } from '@/api/adminMoney';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { useIdempotencyKey } from '@/lib/useIdempotencyKey';
import { useSessionStore } from '@/stores/sessionStore';
import { ConfirmDialog } from '../clients/ConfirmDialog';
import { formatAmount } from '../deposits/format';
import { ReasonDialog } from '../deposits/ReasonDialog';
import { useDecideWithdrawal, type WithdrawalDecision } from './queries';

type Unkeyed<T> = T extends unknown ? Omit<T, 'key'> : never;

const DONE = {
  approve: 'withdrawals.actions.doneApprove',
  process: 'withdrawals.actions.doneProcess',
  complete: 'withdrawals.actions.doneComplete',
  reject: 'withdrawals.actions.doneReject',
} as const satisfies Record<WithdrawalDecision['verb'], string>;

/** The step a withdrawal's state allows next, with its button and what the confirmation says. */
function nextStep(
  t: TFunction<'adminOps'>,
  w: AdminWithdrawal,
): { step: WithdrawalStep; label: string; ask: string } | null {
  const amount = formatAmount(w.amount, w.currency);
  const destination = w.destination;
  if (w.status === 'held') {
    const second = w.approvals_required > 1 && w.approvals_given > 0;
    return {
      step: 'approve',
      label: second ? t('withdrawals.actions.secondApproval') : t('withdrawals.actions.approve'),
      ask:
        w.approvals_required > 1 && !second
          ? t('withdrawals.actions.firstOfTwo', { amount })
          : t('withdrawals.actions.approvePay', { amount, destination }),
    };
  }
  if (w.status === 'approved') {
    return w.method === 'bank'
      ? {
          step: 'process',
          label: t('withdrawals.actions.markProcessing'),
          ask: t('withdrawals.actions.markProcessingAsk', { amount }),
        }
      : {
          step: 'process',
          label: t('withdrawals.actions.sendPayout'),
          ask: t('withdrawals.actions.sendPayoutAsk', { amount, destination }),
        };
  }
  if (w.status === 'processing') {
    return {
      step: 'complete',
      label: t('withdrawals.actions.markCompleted'),
      ask: t('withdrawals.actions.markCompletedAsk', { amount, destination }),
    };
  }
  return null;
}

/**
 * Staff steps on a withdrawal by its state: approve (one or two approvals, by different staff),
 * mark processing or send the payout, mark completed, or reject with a coded reason. What the
 * server refuses (the first approver giving the second approval: 403) is shown in its words.
 */
export function WithdrawalActions({ withdrawal: w }: { withdrawal: AdminWithdrawal }) {
  const { t } = useTranslation('adminOps');
  const canDecide = useCan('money.approve');
  const me = useSessionStore((s) => s.user?.id);
  const decide = useDecideWithdrawal();
  const keys = useIdempotencyKey();
  const noteId = useId();
  const [dialog, setDialog] = useState<'step' | 'reject' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const next = nextStep(t, w);
  const rejectionLabels = useMemo(
    () =>
      Object.fromEntries(
        WITHDRAWAL_REJECTION_CODES.map((c) => [c, t(`labels.withdrawalRejection.${c}`)]),
      ) as Record<(typeof WITHDRAWAL_REJECTION_CODES)[number], string>,
    [t],
  );
  const gaveFirst = w.status === 'held' && w.first_approved_by !== null && w.first_approved_by.id === me;
  const rejectable = WITHDRAWAL_TRANSITIONS[w.status].includes('rejected');

  function run(decision: Unkeyed<WithdrawalDecision>) {
    setFailure(null);
    const full: WithdrawalDecision = { ...decision, key: keys.keyFor(decision) };
    decide.mutate(full, {
      onSuccess: () => {
        keys.done();
        toast.success(t(DONE[decision.verb]));
      },
      onError: (e) => setFailure(apiErrorMessage(e, t('shared.tryAgain'))),
      onSettled: () => setDialog(null),
    });
  }

  return (
    <div className="flex flex-col gap-3">
      {w.approvals_required > 1 ? (
        <p className="text-sm" data-testid="approvals-progress">
          {t('withdrawals.actions.progress', { given: w.approvals_given, required: w.approvals_required })}
          {w.first_approved_by ? (
            <span className="text-muted-foreground">
              {' · '}
              {t('withdrawals.actions.firstBy', { name: w.first_approved_by.name })}
            </span>
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
              {t('shared.reject')}
            </Button>
          ) : null}
          {gaveFirst ? (
            <span id={noteId} className="text-muted-foreground text-xs">
              {t('withdrawals.actions.gaveFirst')}
            </span>
          ) : null}
        </div>
      ) : null}
      {next && dialog === 'step' ? (
        <ConfirmDialog
          open
          onOpenChange={(o) => setDialog(o ? 'step' : null)}
          title={t('withdrawals.actions.confirmTitle', { action: next.label })}
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
          title={t('withdrawals.actions.rejectTitle')}
          description={t('withdrawals.actions.rejectDescription', {
            amount: formatAmount(w.amount, w.currency),
            name: w.user.name,
          })}
          codes={WITHDRAWAL_REJECTION_CODES}
          labels={rejectionLabels}
          schema={rejectWithdrawalSchema}
          pending={decide.isPending}
          onReject={(body) => run({ verb: 'reject', id: w.id, body })}
        />
      ) : null}
    </div>
  );
}
