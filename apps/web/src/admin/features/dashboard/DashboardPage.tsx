import type { Dashboard } from '@openbroker/domain';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminPage } from '@/admin/components/AdminPage';
import { useCan } from '@/admin/usePermission';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
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
  const canApprovals = useCan('money.read');
  const canChat = useCan('chat.read');
  const money = d.money_today;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard title="Customers" testId="card-customers">
        <Figure label="In all" value={count(d.customers.total)} big />
        <Figure label="Active" value={count(d.customers.active)} />
        <Figure label="Awaiting approval" value={count(d.customers.pending)} />
        <Figure label="Deactivated" value={count(d.customers.deactivated)} />
      </StatCard>
      <StatCard title="Waiting for staff" testId="card-queues">
        <Figure
          label={
            <QueueLink to="/admin/clients?status=pending" allowed>
              Customers to approve
            </QueueLink>
          }
          value={count(d.queues.pending_clients)}
        />
        <Figure
          label={
            <QueueLink to="/admin/approvals" allowed={canApprovals}>
              Approvals
            </QueueLink>
          }
          value={count(d.queues.approvals)}
        />
        <Figure
          label={
            <QueueLink to="/admin/chat" allowed={canChat}>
              Unread chats
            </QueueLink>
          }
          value={count(d.queues.unread_chats)}
        />
      </StatCard>
      <StatCard
        title="Money today"
        testId="card-money"
        note={
          money.available
            ? 'Since 00:00 UTC.'
            : 'No deposits or withdrawals yet — payments arrive with the money module.'
        }
      >
        <Figure
          label={`Deposits (${count(money.deposits_count)})`}
          value={money.available ? usd(money.deposits_cents) : '—'}
        />
        <Figure
          label={`Withdrawals (${count(money.withdrawals_count)})`}
          value={money.available ? usd(money.withdrawals_cents) : '—'}
        />
      </StatCard>
      <StatCard
        title="Customers’ P/L"
        testId="card-pnl"
        note="The customers’ side: the house’s result is the opposite. Realised today since 00:00 UTC."
      >
        <Figure
          label="Floating"
          value={signedUsd(d.pnl.floating_cents)}
          tone={pnlTone(d.pnl.floating_cents)}
          big
        />
        <Figure
          label="Realised today"
          value={signedUsd(d.pnl.realised_today_cents)}
          tone={pnlTone(d.pnl.realised_today_cents)}
        />
        <Figure
          label="Realised in all"
          value={signedUsd(d.pnl.realised_all_time_cents)}
          tone={pnlTone(d.pnl.realised_all_time_cents)}
        />
      </StatCard>
    </div>
  );
}

function Section(props: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2" aria-label={props.title}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-base">{props.title}</h2>
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
  const q = useDashboard();
  const d = q.data;
  return (
    <AdminPage
      title="Dashboard"
      actions={
        <Button variant="outline" size="sm" onClick={() => void q.refetch()} disabled={q.isFetching}>
          <RefreshCw className={q.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
          Refresh
        </Button>
      }
    >
      {q.isError ? (
        <Alert
          variant="destructive"
          description={apiErrorMessage(q.error, 'The dashboard could not be loaded.')}
        />
      ) : null}
      {!d ? (
        q.isPending ? (
          <p className="flex items-center gap-2 text-muted-foreground text-sm">
            <Spinner /> Loading the dashboard…
          </p>
        ) : null
      ) : (
        <div className="flex flex-col gap-6" data-testid="admin-dashboard">
          <p className="text-muted-foreground text-xs" aria-live="polite">
            Updated {new Date(d.generated_at).toLocaleTimeString('en-GB')}
          </p>
          <Cards d={d} />
          <Section
            title="Open positions and net exposure"
            aside={`${count(d.positions.open)} open position${d.positions.open === 1 ? '' : 's'} in ${count(d.positions.accounts)} account${d.positions.accounts === 1 ? '' : 's'}${d.positions.unpriced > 0 ? ` · ${count(d.positions.unpriced)} without a live price (valued at the opening price, no P/L)` : ''}`}
          >
            <ExposureTable rows={d.exposure} />
          </Section>
          <Section
            title="Accounts in margin call"
            aside={
              d.margin_calls.source === 'risk_engine'
                ? 'From the risk engine’s live state.'
                : 'This server does not run the risk engine: levels computed from the database and this server’s prices.'
            }
          >
            <MarginCallsTable rows={d.margin_calls.accounts} />
          </Section>
        </div>
      )}
    </AdminPage>
  );
}
