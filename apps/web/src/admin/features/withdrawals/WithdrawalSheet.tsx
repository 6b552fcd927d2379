import { WITHDRAWAL_REJECTION_LABELS } from '@openbroker/domain';
import type { AdminWithdrawal } from '@/api/adminMoney';
import { formatAmount, formatWhen } from '../clients/format';
import { DetailList } from '../deposits/DetailList';
import { DetailSheet } from '../deposits/DetailSheet';
import { ClientCell } from '../deposits/depositColumns';
import { WithdrawalStatusBadge } from '../deposits/MoneyStatus';
import { useAdminWithdrawal } from './queries';
import { WithdrawalActions } from './WithdrawalActions';
import { WithdrawalActivity } from './WithdrawalActivity';
import { approvalsText, WITHDRAWAL_METHOD_LABELS } from './withdrawalColumns';

/** One withdrawal request with the client's recent activity beside it, and the steps it allows. */
export function WithdrawalSheet(props: { withdrawal: AdminWithdrawal; onClose: () => void }) {
  const query = useAdminWithdrawal(props.withdrawal.id);
  const w = query.data?.withdrawal ?? props.withdrawal;
  const money = (n: number) => formatAmount(n, w.currency);
  return (
    <DetailSheet
      wide
      open
      onOpenChange={(o) => (o ? undefined : props.onClose())}
      title={`Withdrawal ${w.id}`}
    >
      <div className="grid gap-6 md:grid-cols-2">
        <section className="flex flex-col gap-4" aria-label="Request">
          <h2 className="font-semibold text-base">Request</h2>
          <WithdrawalStatusBadge status={w.status} />
          <DetailList
            items={[
              ['Client', <ClientCell key="c" user={w.user} />],
              ['Account', `${w.account_number} · ${w.currency}`],
              ['Method', WITHDRAWAL_METHOD_LABELS[w.method]],
              ['Amount', money(w.amount)],
              ['Fee', money(w.fee)],
              ['Held', money(w.total)],
              [
                'Destination',
                <span key="d" className="font-mono text-xs">
                  {w.destination}
                </span>,
              ],
              ['Approvals', approvalsText(w)],
              [
                'Reason',
                w.reason_code
                  ? `${WITHDRAWAL_REJECTION_LABELS[w.reason_code]}${w.reason ? `: ${w.reason}` : ''}`
                  : null,
              ],
              ['Requested', formatWhen(w.created_at)],
              ['Completed', w.completed_at ? formatWhen(w.completed_at) : null],
            ]}
          />
          <WithdrawalActions withdrawal={w} />
        </section>
        <section aria-label="Client activity" className="md:border-l md:pl-6">
          <WithdrawalActivity withdrawal={w} activity={query.data?.activity} loading={query.isLoading} />
        </section>
      </div>
    </DetailSheet>
  );
}
