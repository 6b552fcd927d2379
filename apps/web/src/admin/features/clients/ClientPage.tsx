import { useParams, useSearchParams } from 'react-router';
import { AdminPage } from '@/admin/components/AdminPage';
import { useCan } from '@/admin/usePermission';
import { apiErrorMessage } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Spinner } from '@/components/ui/Spinner';
import { StatusBadge } from '../approvals/StatusBadge';
import { ClientActions } from './ClientActions';
import { OnlineDot } from './OnlineDot';
import { useClient } from './queries';
import { type TabItem, Tabs } from './Tabs';
import { AccountsTab } from './tabs/AccountsTab';
import { ActivityTab } from './tabs/ActivityTab';
import { MoneyTab } from './tabs/MoneyTab';
import { NotesTab } from './tabs/NotesTab';
import { ProfileTab } from './tabs/ProfileTab';
import { TradesTab } from './tabs/TradesTab';

type TabKey = 'profile' | 'accounts' | 'trades' | 'money' | 'notes' | 'activity';

/** The client card (DESIGN §12): who they are, their accounts and trades, money, notes, timeline. */
export function ClientPage() {
  const clientId = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const card = useClient(clientId);
  const canMoney = useCan('money.read');
  const canNotes = useCan('clients.notes');
  const tabs: TabItem<TabKey>[] = [
    { key: 'profile', label: 'Profile' },
    { key: 'accounts', label: 'Accounts' },
    { key: 'trades', label: 'Trades' },
    ...(canMoney ? [{ key: 'money' as const, label: 'Money' }] : []),
    ...(canNotes ? [{ key: 'notes' as const, label: 'Notes' }] : []),
    { key: 'activity', label: 'Activity' },
  ];
  const tab = tabs.find((t) => t.key === params.get('tab'))?.key ?? 'profile';
  const setTab = (key: TabKey) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (key === 'profile') next.delete('tab');
        else next.set('tab', key);
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  if (card.isLoading) {
    return (
      <AdminPage title="Client">
        <div className="flex items-center gap-2 text-muted-foreground text-sm">
          <Spinner /> Loading…
        </div>
      </AdminPage>
    );
  }
  if (!card.data) {
    return (
      <AdminPage title="Client">
        <Alert
          variant="destructive"
          description={apiErrorMessage(card.error, 'This client could not be loaded.')}
        />
      </AdminPage>
    );
  }
  const c = card.data;
  const name = `${c.profile.first_name} ${c.profile.last_name}`.trim() || c.profile.email;
  return (
    <AdminPage title={name}>
      <div className="flex flex-col gap-3 rounded-lg border bg-card p-4">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span className="break-all">{c.profile.email}</span>
          <StatusBadge status={c.profile.status} />
          <span className="text-muted-foreground">Plan: {c.plan?.title ?? 'none'}</span>
          <OnlineDot online={c.profile.online} withLabel />
        </div>
        <ClientActions card={c} />
      </div>
      <Tabs label="Client details" tabs={tabs} value={tab} onValueChange={setTab}>
        {tab === 'profile' ? <ProfileTab card={c} /> : null}
        {tab === 'accounts' ? <AccountsTab accounts={c.accounts} /> : null}
        {tab === 'trades' ? <TradesTab clientId={clientId} /> : null}
        {tab === 'money' ? (
          <MoneyTab clientId={clientId} accountIds={c.accounts.map((a) => a.account_id)} />
        ) : null}
        {tab === 'notes' ? <NotesTab clientId={clientId} /> : null}
        {tab === 'activity' ? <ActivityTab clientId={clientId} /> : null}
      </Tabs>
    </AdminPage>
  );
}
