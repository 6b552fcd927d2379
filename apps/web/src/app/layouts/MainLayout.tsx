import { Outlet } from 'react-router';
import { ChatUnreadAlert } from '@/features/chat/ChatUnreadAlert';
import { usePreferencesSync } from '@/features/settings/usePreferencesSync';
import { useSessionStore } from '@/stores/sessionStore';
import { MainHeader } from './MainHeader';
import { MainNav } from './MainNav';

/** `/main`: header, left navigation from 768 px up, and the section in the remaining space. */
export function MainLayout() {
  const isCustomer = useSessionStore((s) => s.user?.role === 'customer');
  usePreferencesSync();
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <MainHeader />
      <div className="flex min-h-0 flex-1">
        <aside className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-60 shrink-0 overflow-y-auto border-r bg-card md:block">
          <MainNav />
        </aside>
        <main className="min-w-0 flex-1 px-4 py-5 sm:px-6 lg:px-8">
          <div className="mx-auto w-full max-w-6xl">
            <Outlet />
          </div>
        </main>
      </div>
      {isCustomer ? <ChatUnreadAlert /> : null}
    </div>
  );
}
