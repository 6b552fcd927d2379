import { DEFAULT_SITE_NAME } from '@openbroker/domain';
import { useEffect } from 'react';
import { useSettingsStore } from '@/stores/settingsStore';

/** Sets the document title to "{page} · {site name}" while the page is shown. */
export function usePageTitle(page: string): void {
  const site = useSettingsStore((s) => s.settings?.name?.trim());
  useEffect(() => {
    document.title = `${page} · ${site || DEFAULT_SITE_NAME}`;
  }, [page, site]);
}
