import type { ActivityItem, AdminWithdrawal, AdminWithdrawalDetail } from '@/api/adminMoney';
import { formatAmount, formatWhen } from '../clients/format';
import { DetailList } from '../deposits/DetailList';

function Moves(props: { title: string; items: ActivityItem[] | undefined; loading: boolean }) {
  return (
    <section className="flex flex-col gap-2" aria-label={props.title}>
      <h3 className="font-medium text-sm">{props.title}</h3>
      {props.items === undefined ? (
        <p className="text-muted-foreground text-sm">{props.loading ? 'Loading…' : 'Not available.'}</p>
      ) : props.items.length === 0 ? (
        <p className="text-muted-foreground text-sm">None lately.</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-md border text-sm">
          {props.items.map((m) => (
            <li
              key={m.id}
              className="flex flex-wrap items-center justify-between gap-x-3 gap-y-0.5 px-3 py-1.5"
            >
              <span className="tabular-nums">{formatAmount(m.amount, m.currency)}</span>
              <span className="text-muted-foreground text-xs">
                {m.method} · {m.status} · {m.account_number} · {formatWhen(m.created_at)}
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
  const { withdrawal: w, activity: a } = props;
  const money = (n: number | undefined) => (n === undefined ? undefined : formatAmount(n, w.currency));
  const level = a?.verification_level;
  return (
    <div className="flex flex-col gap-4">
      <h2 className="font-semibold text-base">Client activity</h2>
      <DetailList
        items={[
          ['Balance', money(w.account_balance)],
          ['Verification', level ? `Level ${level.level} · ${level.name}` : props.loading ? 'Loading…' : '—'],
          ['Open positions', a?.trades.open_positions.toLocaleString('en-US')],
          ['Closed, 30 days', a?.trades.closed_last_30_days.toLocaleString('en-US')],
          ['Realised P/L, 30 days', money(a?.trades.realised_pnl_last_30_days)],
          ['Realised P/L, all time', money(a?.trades.realised_pnl_total)],
          ['Deposited', money(a?.deposited_total)],
          ['Withdrawn', money(a?.withdrawn_total)],
        ]}
      />
      <Moves title="Recent deposits" items={a?.deposits} loading={props.loading} />
      <Moves title="Recent withdrawals" items={a?.withdrawals} loading={props.loading} />
    </div>
  );
}
