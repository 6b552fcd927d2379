import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteName } from '@/lib/useSiteName';
import { SiteBrand } from './SiteBrand';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

/** A protected page that lives outside the main layout (SPEC §2: /trading, /admin/chat). */
export function StandaloneFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const siteName = useSiteName();
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <SkipLink />
      <header className="flex h-14 shrink-0 items-center border-b bg-card px-4">
        <Link
          to="/main/dashboard"
          aria-label={t('shell.brandToDashboard', { name: siteName })}
          className="rounded-md"
        >
          <SiteBrand compact />
        </Link>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none sm:px-6"
      >
        {children}
      </main>
    </div>
  );
}
