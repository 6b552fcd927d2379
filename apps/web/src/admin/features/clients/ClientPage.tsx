import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('adminClients');
  const clientId = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const card = useClient(clientId);
  const canMoney = useCan('money.read');
  const canNotes = useCan('clients.notes');
  const tabs: TabItem<TabKey>[] = [
    { key: 'profile', label: t('client.tabs.profile') },
    { key: 'accounts', label: t('client.tabs.accounts') },
    { key: 'trades', label: t('client.tabs.trades') },
    ...(canMoney ? [{ key: 'money' as const, label: t('client.tabs.money') }] : []),
    ...(canNotes ? [{ key: 'notes' as const, label: t('client.tabs.notes') }] : []),
    { key: 'activity', label: t('client.tabs.activity') },
  ];
  const tab = tabs.find((x) => x.key === params.get('tab'))?.key ?? 'profile';
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
      <AdminPage title={t('client.title')}>
        <div role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
          <Spinner /> {t('shared.loading')}
        </div>
      </AdminPage>
    );
  }
  if (!card.data) {
    return (
      <AdminPage title={t('client.title')}>
        <Alert variant="destructive" description={apiErrorMessage(card.error, t('client.loadFailed'))} />
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
          <span className="text-muted-foreground">
            {t('client.plan', { plan: c.plan?.title ?? t('client.noPlan') })}
          </span>
          <OnlineDot online={c.profile.online} withLabel />
        </div>
        <ClientActions card={c} />
      </div>
      <Tabs label={t('client.tabsLabel')} tabs={tabs} value={tab} onValueChange={setTab}>
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
