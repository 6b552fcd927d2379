import type { Dashboard } from '@openbroker/domain';
import { RefreshCw } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPage } from '@/admin/components/AdminPage';
import { useCan } from '@/admin/usePermission';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { formatDateTime } from '@/i18n/format';
import { ExposureTable } from './ExposureTable';
import { count, pnlTone, signedUsd, usd } from './format';
import { MarginCallsTable } from './MarginCallsTable';
import { useDashboard } from './queries';
import { Figure, StatCard } from './StatCard';

/** A queue's figure, a link to the queue when the staff member may open it. */
function QueueLink(props: { to: string; allowed: boolean; children: ReactNode }) {
  if (!props.allowed) return <>{props.children}</>;
  return (
    <Link to={props.to} className="text-primary hover:underline">
      {props.children}
    </Link>
  );
}

function Cards({ d }: { d: Dashboard }) {
  const { t } = useTranslation('admin');
  const canApprovals = useCan('money.read');
  const canChat = useCan('chat.read');
  const money = d.money_today;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard title={t('dashboard.customers.title')} testId="card-customers">
        <Figure label={t('dashboard.customers.total')} value={count(d.customers.total)} big />
        <Figure label={t('dashboard.customers.active')} value={count(d.customers.active)} />
        <Figure label={t('dashboard.customers.pending')} value={count(d.customers.pending)} />
        <Figure label={t('dashboard.customers.deactivated')} value={count(d.customers.deactivated)} />
      </StatCard>
      <StatCard title={t('dashboard.queues.title')} testId="card-queues">
        <Figure
          label={
            <QueueLink to="/admin/clients?status=pending" allowed>
              {t('dashboard.queues.pendingClients')}
            </QueueLink>
          }
          value={count(d.queues.pending_clients)}
        />
        <Figure
          label={
            <QueueLink to="/admin/approvals" allowed={canApprovals}>
              {t('dashboard.queues.approvals')}
            </QueueLink>
          }
          value={count(d.queues.approvals)}
        />
        <Figure
          label={
            <QueueLink to="/admin/chat" allowed={canChat}>
              {t('dashboard.queues.unreadChats')}
            </QueueLink>
          }
          value={count(d.queues.unread_chats)}
        />
      </StatCard>
      <StatCard
        title={t('dashboard.money.title')}
        testId="card-money"
        note={money.available ? t('dashboard.money.since') : t('dashboard.money.unavailable')}
      >
        <Figure
          label={t('dashboard.money.deposits', { n: count(money.deposits_count) })}
          value={money.available ? usd(money.deposits_cents) : '—'}
        />
        <Figure
          label={t('dashboard.money.withdrawals', { n: count(money.withdrawals_count) })}
          value={money.available ? usd(money.withdrawals_cents) : '—'}
        />
      </StatCard>
      <StatCard title={t('dashboard.pnl.title')} testId="card-pnl" note={t('dashboard.pnl.note')}>
        <Figure
          label={t('dashboard.pnl.floating')}
          value={signedUsd(d.pnl.floating_cents)}
          tone={pnlTone(d.pnl.floating_cents)}
          big
        />
        <Figure
          label={t('dashboard.pnl.realisedToday')}
          value={signedUsd(d.pnl.realised_today_cents)}
          tone={pnlTone(d.pnl.realised_today_cents)}
        />
        <Figure
          label={t('dashboard.pnl.realisedAllTime')}
          value={signedUsd(d.pnl.realised_all_time_cents)}
          tone={pnlTone(d.pnl.realised_all_time_cents)}
        />
      </StatCard>
    </div>
  );
}

function Section(props: { title: string; aside?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="flex flex-col gap-2" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="font-semibold text-base">
          {props.title}
        </h2>
        {props.aside ? <span className="text-muted-foreground text-xs">{props.aside}</span> : null}
      </div>
      {props.children}
    </section>
  );
}

/**
 * `/admin`: the broker at a glance (issue 13). Every figure comes from the server (database and
 * live quotes); it refreshes on `admin.changed` and every 30 s.
 */
export function DashboardPage() {
  const { t } = useTranslation('admin');
  const q = useDashboard();
  const d = q.data;
  return (
    <AdminPage
      title={t('dashboard.title')}
      actions={
        <Button variant="outline" size="sm" onClick={() => void q.refetch()} disabled={q.isFetching}>
          <RefreshCw className={q.isFetching ? 'motion-safe:animate-spin' : undefined} aria-hidden="true" />
          {t('dashboard.refresh')}
        </Button>
      }
    >
      {q.isError ? (
        <Alert variant="destructive" description={apiErrorMessage(q.error, t('dashboard.loadFailed'))} />
      ) : null}
      {!d ? (
        q.isPending ? (
          <p className="flex items-center gap-2 text-muted-foreground text-sm">
            <Spinner /> {t('dashboard.loading')}
          </p>
        ) : null
      ) : (
        <div className="flex flex-col gap-6" data-testid="admin-dashboard">
          <p className="text-muted-foreground text-xs" aria-live="polite">
            {t('dashboard.updated', { time: formatDateTime(d.generated_at, { timeStyle: 'medium' }) })}
          </p>
          <Cards d={d} />
          <Section
            title={t('dashboard.exposure.title')}
            aside={`${t('dashboard.exposure.summary', {
              count: d.positions.open,
              n: count(d.positions.open),
              accounts: t('dashboard.exposure.accounts', {
                count: d.positions.accounts,
                n: count(d.positions.accounts),
              }),
            })}${
              d.positions.unpriced > 0
                ? ` · ${t('dashboard.exposure.unpriced', { count: d.positions.unpriced, n: count(d.positions.unpriced) })}`
                : ''
            }`}
          >
            <ExposureTable rows={d.exposure} />
          </Section>
          <Section
            title={t('dashboard.marginCalls.label')}
            aside={
              d.margin_calls.source === 'risk_engine'
                ? t('dashboard.marginCalls.fromRiskEngine')
                : t('dashboard.marginCalls.fromDatabase')
            }
          >
            <MarginCallsTable rows={d.margin_calls.accounts} />
          </Section>
        </div>
      )}
    </AdminPage>
  );
}
