import { useSearchParams } from 'react-router';
import { AdminPage } from '@/admin/components/AdminPage';
import { Tabs } from '../clients/Tabs';
import { CatalogueTab } from './CatalogueTab';
import { PerformanceTab } from './PerformanceTab';

const TABS = [
  { key: 'catalogue', label: 'Catalogue' },
  { key: 'performance', label: 'Performance' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** Expert Advisors in the back office (issue 16): the catalogue editor and how each advisor does. */
export function ExpertAdvisorsPage() {
  const [params, setParams] = useSearchParams();
  // The tab lives in the address so a view can be shared; the catalogue is the default.
  const tab: TabKey = params.get('tab') === 'performance' ? 'performance' : 'catalogue';
  return (
    <AdminPage title="Expert Advisors">
      <Tabs
        label="Expert Advisors"
        tabs={TABS}
        value={tab}
        onValueChange={(k) => setParams(k === 'catalogue' ? {} : { tab: k }, { replace: true })}
      >
        {tab === 'catalogue' ? <CatalogueTab /> : <PerformanceTab />}
      </Tabs>
    </AdminPage>
  );
}
