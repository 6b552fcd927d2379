import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SiteBrand } from '@/components/SiteBrand';
import { useSiteName } from '@/lib/useSiteName';
import { useSettingsStore } from '@/stores/settingsStore';

const LINK_CLASS =
  'inline-flex rounded-md focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none';

/**
 * SPEC §2 "logo link built from settings": the logo (or the site name) pointing at the broker's
 * website when one is set, else at the sign-in page.
 */
export function BrandLink() {
  const websiteUrl = useSettingsStore((s) => s.settings?.website_url)?.trim();
  const name = useSettingsStore((s) => s.settings?.name);
  const { t } = useTranslation('auth');
  const siteName = useSiteName();
  if (websiteUrl) {
    return (
      <a
        href={websiteUrl}
        className={LINK_CLASS}
        aria-label={name ? t('register.siteWebsite', { name }) : t('register.website')}
      >
        <SiteBrand />
      </a>
    );
  }
  return (
    <Link to="/" className={LINK_CLASS} aria-label={t('shell.brandHome', { name: siteName })}>
      <SiteBrand />
    </Link>
  );
}
