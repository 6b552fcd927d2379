import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminPage } from '@/admin/components/AdminPage';
import { Tabs } from '../clients/Tabs';
import { CatalogueTab } from './CatalogueTab';
import { PerformanceTab } from './PerformanceTab';

const TAB_KEYS = ['catalogue', 'performance'] as const;
type TabKey = (typeof TAB_KEYS)[number];

/** Expert Advisors in the back office (issue 16): the catalogue editor and how each advisor does. */
export function ExpertAdvisorsPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  // The tab lives in the address so a view can be shared; the catalogue is the default.
  const tab: TabKey = params.get('tab') === 'performance' ? 'performance' : 'catalogue';
  const tabs = TAB_KEYS.map((key) => ({ key, label: t(`advisors.tabs.${key}`) }));
  return (
    <AdminPage title={t('advisors.title')}>
      <Tabs
        label={t('advisors.title')}
        tabs={tabs}
        value={tab}
        onValueChange={(k) => setParams(k === 'catalogue' ? {} : { tab: k }, { replace: true })}
      >
        {tab === 'catalogue' ? <CatalogueTab /> : <PerformanceTab />}
      </Tabs>
    </AdminPage>
  );
}
