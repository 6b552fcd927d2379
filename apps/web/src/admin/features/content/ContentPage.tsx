import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminPage } from '@/admin/components/AdminPage';
import { useCan } from '@/admin/usePermission';
import { Alert } from '@/components/ui/Alert';
import { type TabItem, Tabs } from '../clients/Tabs';
import { CalendarTab } from './CalendarTab';
import { NewsTab } from './NewsTab';
import { NoticesTab, type SentNotice } from './NoticesTab';
import { SourcesTab } from './SourcesTab';

type Tab = 'calendar' | 'news' | 'sources' | 'notices';
const TAB_KEYS: readonly Tab[] = ['calendar', 'news', 'sources', 'notices'];

/** `/admin/content`: the economic calendar, the news and its feeds, and site-wide notices. */
export function ContentPage() {
  const { t } = useTranslation('adminClients');
  const can = useCan('content.write');
  const [params, setParams] = useSearchParams();
  const tabs: TabItem<Tab>[] = TAB_KEYS.map((key) => ({ key, label: t(`content.tabs.${key}`) }));
  const tab = TAB_KEYS.find((k) => k === params.get('tab')) ?? 'calendar';
  // Sent notices live as long as the page does (they are not stored; the audit has them).
  const [sent, setSent] = useState<SentNotice[]>([]);

  return (
    <AdminPage title={t('content.title')}>
      {!can ? (
        <Alert variant="warning" title={t('content.noPermission')} />
      ) : (
        <Tabs
          label={t('content.tabsLabel')}
          tabs={tabs}
          value={tab}
          // Each tab keeps its own filters in the address; switching starts the next one clean.
          onValueChange={(next) => setParams(next === 'calendar' ? {} : { tab: next }, { replace: true })}
        >
          {tab === 'calendar' ? (
            <CalendarTab />
          ) : tab === 'news' ? (
            <NewsTab />
          ) : tab === 'sources' ? (
            <SourcesTab />
          ) : (
            <NoticesTab sent={sent} onSent={(n) => setSent((list) => [n, ...list])} />
          )}
        </Tabs>
      )}
    </AdminPage>
  );
}
