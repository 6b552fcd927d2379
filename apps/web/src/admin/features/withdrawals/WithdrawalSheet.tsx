import { useTranslation } from 'react-i18next';
import type { AdminWithdrawal } from '@/api/adminMoney';
import { DetailList } from '../deposits/DetailList';
import { DetailSheet } from '../deposits/DetailSheet';
import { ClientCell } from '../deposits/depositColumns';
import { formatAmount, formatWhen } from '../deposits/format';
import { WithdrawalStatusBadge } from '../deposits/MoneyStatus';
import { useAdminWithdrawal } from './queries';
import { WithdrawalActions } from './WithdrawalActions';
import { WithdrawalActivity } from './WithdrawalActivity';
import { approvalsText, withdrawalMethodLabel } from './withdrawalColumns';

/** One withdrawal request with the client's recent activity beside it, and the steps it allows. */
export function WithdrawalSheet(props: { withdrawal: AdminWithdrawal; onClose: () => void }) {
  const { t } = useTranslation('adminOps');
  const query = useAdminWithdrawal(props.withdrawal.id);
  const w = query.data?.withdrawal ?? props.withdrawal;
  const money = (n: number) => formatAmount(n, w.currency);
  return (
    <DetailSheet
      wide
      open
      onOpenChange={(o) => (o ? undefined : props.onClose())}
      title={t('withdrawals.sheet.title', { id: w.id })}
    >
      <div className="grid gap-6 md:grid-cols-2">
        <section className="flex flex-col gap-4" aria-labelledby={`withdrawal-${w.id}-request`}>
          <h2 id={`withdrawal-${w.id}-request`} className="font-semibold text-base">
            {t('withdrawals.sheet.request')}
          </h2>
          <WithdrawalStatusBadge status={w.status} />
          <DetailList
            items={[
              [t('shared.client'), <ClientCell key="c" user={w.user} />],
              [t('shared.account'), `${w.account_number} · ${w.currency}`],
              [t('shared.method'), withdrawalMethodLabel(w.method)],
              [t('shared.amount'), money(w.amount)],
              [t('shared.fee'), money(w.fee)],
              [t('withdrawals.sheet.held'), money(w.total)],
              [
                t('withdrawals.sheet.destination'),
                <span key="d" className="font-mono text-xs">
                  {w.destination}
                </span>,
              ],
              [t('withdrawals.sheet.approvals'), approvalsText(w)],
              [
                t('shared.reason'),
                w.reason_code
                  ? `${t(`labels.withdrawalRejection.${w.reason_code}`)}${w.reason ? `: ${w.reason}` : ''}`
                  : null,
              ],
              [t('withdrawals.sheet.requested'), formatWhen(w.created_at)],
              [t('shared.completed'), w.completed_at ? formatWhen(w.completed_at) : null],
            ]}
          />
          <WithdrawalActions withdrawal={w} />
        </section>
        <section aria-label={t('withdrawals.activity.title')} className="md:border-s md:ps-6">
          <WithdrawalActivity withdrawal={w} activity={query.data?.activity} loading={query.isLoading} />
        </section>
      </div>
    </DetailSheet>
  );
}
