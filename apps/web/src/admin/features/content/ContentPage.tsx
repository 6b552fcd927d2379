import { useState } from 'react';
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
const TABS: readonly TabItem<Tab>[] = [
  { key: 'calendar', label: 'Calendar' },
  { key: 'news', label: 'News' },
  { key: 'sources', label: 'Sources' },
  { key: 'notices', label: 'Notices' },
];

/** `/admin/content`: the economic calendar, the news and its feeds, and site-wide notices. */
export function ContentPage() {
  const can = useCan('content.write');
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t.key === params.get('tab'))?.key ?? 'calendar';
  // Sent notices live as long as the page does (they are not stored; the audit has them).
  const [sent, setSent] = useState<SentNotice[]>([]);

  return (
    <AdminPage title="Content">
      {!can ? (
        <Alert variant="warning" title="Your staff role does not include content.write." />
      ) : (
        <Tabs
          label="Content"
          tabs={TABS}
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
