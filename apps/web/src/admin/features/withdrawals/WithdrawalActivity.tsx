import {
  DEPOSIT_METHODS,
  DEPOSIT_STATUSES,
  WITHDRAWAL_METHODS,
  WITHDRAWAL_STATUSES,
} from '@openbroker/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ActivityItem, AdminWithdrawal, AdminWithdrawalDetail } from '@/api/adminMoney';
import { formatNumber } from '@/i18n/format';
import { DetailList } from '../deposits/DetailList';
import { formatAmount, formatWhen } from '../deposits/format';

type Kind = 'deposit' | 'withdrawal';

/** A move's method and status codes in words; a code the catalogue does not know shows as it came. */
function moveWords(t: TFunction<'adminOps'>, kind: Kind, m: ActivityItem): [string, string] {
  if (kind === 'deposit') {
    const method = DEPOSIT_METHODS.find((x) => x === m.method);
    const status = DEPOSIT_STATUSES.find((x) => x === m.status);
    return [
      method ? t(`labels.depositMethod.${method}`) : m.method,
      status ? t(`labels.depositStatus.${status}`) : m.status,
    ];
  }
  const method = WITHDRAWAL_METHODS.find((x) => x === m.method);
  const status = WITHDRAWAL_STATUSES.find((x) => x === m.status);
  return [
    method ? t(`labels.withdrawalMethod.${method}`) : m.method,
    status ? t(`labels.withdrawalStatus.${status}`) : m.status,
  ];
}

function Moves(props: { title: string; kind: Kind; items: ActivityItem[] | undefined; loading: boolean }) {
  const { t } = useTranslation('adminOps');
  return (
    <section className="flex flex-col gap-2" aria-label={props.title}>
      <h3 className="font-medium text-sm">{props.title}</h3>
      {props.items === undefined ? (
        <p className="text-muted-foreground text-sm" role={props.loading ? 'status' : undefined}>
          {props.loading ? t('shared.loading') : t('withdrawals.activity.notAvailable')}
        </p>
      ) : props.items.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('withdrawals.activity.none')}</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-md border text-sm">
          {props.items.map((m) => (
            <li
              key={m.id}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-0.5 px-3 py-1.5"
            >
              <span className="tabular-nums">{formatAmount(m.amount, m.currency)}</span>
              <span className="text-muted-foreground text-xs">
                {moveWords(t, props.kind, m).join(' · ')} · {m.account_number} · {formatWhen(m.created_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * What the client did lately, beside their request: balance, verification level, trading and
 * the money that came in and went out, so staff judge the request in context.
 */
export function WithdrawalActivity(props: {
  withdrawal: AdminWithdrawal;
  activity: AdminWithdrawalDetail['activity'] | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation('adminOps');
  const { withdrawal: w, activity: a } = props;
  const count = (n: number | undefined) => (n === undefined ? undefined : formatNumber(n));
  const money = (n: number | undefined) => (n === undefined ? undefined : formatAmount(n, w.currency));
  const level = a?.verification_level;
  return (
    <div className="flex flex-col gap-4">
      <h2 className="font-semibold text-base">{t('withdrawals.activity.title')}</h2>
      <DetailList
        items={[
          [t('withdrawals.activity.balance'), money(w.account_balance)],
          [
            t('withdrawals.activity.verification'),
            level
              ? t('withdrawals.activity.levelValue', { level: level.level, name: level.name })
              : props.loading
                ? t('shared.loading')
                : '—',
          ],
          [t('withdrawals.activity.openPositions'), count(a?.trades.open_positions)],
          [t('withdrawals.activity.closed30'), count(a?.trades.closed_last_30_days)],
          [t('withdrawals.activity.pnl30'), money(a?.trades.realised_pnl_last_30_days)],
          [t('withdrawals.activity.pnlAll'), money(a?.trades.realised_pnl_total)],
          [t('withdrawals.activity.deposited'), money(a?.deposited_total)],
          [t('withdrawals.activity.withdrawn'), money(a?.withdrawn_total)],
        ]}
      />
      <Moves
        title={t('withdrawals.activity.recentDeposits')}
        kind="deposit"
        items={a?.deposits}
        loading={props.loading}
      />
      <Moves
        title={t('withdrawals.activity.recentWithdrawals')}
        kind="withdrawal"
        items={a?.withdrawals}
        loading={props.loading}
      />
    </div>
  );
}
