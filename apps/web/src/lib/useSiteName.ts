import { DEFAULT_SITE_NAME } from '@openbroker/domain';
import { useSettingsStore } from '@/stores/settingsStore';

/** The broker's name from the site settings, or the product's default while none is known. */
export function useSiteName(): string {
  return useSettingsStore((s) => s.settings?.name?.trim()) || DEFAULT_SITE_NAME;
}
