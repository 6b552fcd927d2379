import { DEFAULT_SITE_NAME } from '@openbroker/domain';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useSettingsStore } from '@/stores/settingsStore';
import { LoadingScreen } from '../states/LoadingScreen';
import { SiteDisabled } from '../states/SiteDisabled';
import { SiteUnreachable } from '../states/SiteUnreachable';
import { pickGateView } from './pickGateView';

/**
 * Stands in front of every route (SPEC §2 full-screen states 3–5, §4 "Site"). Settings are fetched
 * on every page load; a returning visitor whose cached settings were fine goes straight in while
 * they refresh, a first visit waits for both the settings and the loading bar.
 */
export function SiteGate({ children }: { children: ReactNode }) {
  const settings = useSettingsStore((s) => s.settings);
  const error = useSettingsStore((s) => s.error);
  const initialized = useSettingsStore((s) => s.initialized);
  const isLoading = useSettingsStore((s) => s.isLoading);
  const fetchSettings = useSettingsStore((s) => s.fetchSettings);

  // Decided once, at mount: replaying the 3-second bar on every visit would punish returning users.
  const [barComplete, setBarComplete] = useState(
    () => initialized && settings !== null && error === null && settings.status !== 'disabled',
  );
  const completeBar = useCallback(() => setBarComplete(true), []);

  useEffect(() => {
    void fetchSettings();
  }, [fetchSettings]);

  const retry = useCallback(() => {
    void fetchSettings();
  }, [fetchSettings]);

  const view = pickGateView({ settings, error, initialized, isLoading, barComplete });
  switch (view) {
    case 'loading':
      return <LoadingScreen siteName={settings?.name || DEFAULT_SITE_NAME} onComplete={completeBar} />;
    case 'unreachable':
      return <SiteUnreachable onRetry={retry} retrying={isLoading} />;
    case 'disabled':
      return (
        <SiteDisabled
          maintenanceMessage={settings?.maintenanceMessage}
          contactEmail={settings?.contactEmail}
          onCheckStatus={retry}
          checking={isLoading}
        />
      );
    case 'ready':
      return children;
  }
}
