import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/SkipLink';
import { ChatUnreadAlert } from '@/features/chat/ChatUnreadAlert';
import { usePreferencesSync } from '@/features/settings/usePreferencesSync';
import { useSessionStore } from '@/stores/sessionStore';
import { MainHeader } from './MainHeader';
import { MainNav } from './MainNav';

/** `/main`: header, start-side navigation from 768 px up, and the section in the remaining space. */
export function MainLayout() {
  const isCustomer = useSessionStore((s) => s.user?.role === 'customer');
  usePreferencesSync();
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <SkipLink />
      <MainHeader />
      <div className="flex min-h-0 flex-1">
        <aside
          aria-label={t('shell.sidebar')}
          className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-60 shrink-0 overflow-y-auto border-e bg-card md:block"
        >
          <MainNav />
        </aside>
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-5 outline-none sm:px-6 lg:px-8"
        >
          <div className="mx-auto w-full max-w-6xl">
            <Outlet />
          </div>
        </main>
      </div>
      {isCustomer ? <ChatUnreadAlert /> : null}
    </div>
  );
}
