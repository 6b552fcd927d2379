import type { Permission } from '@openbroker/domain';
import { useQuery } from '@tanstack/react-query';
import { LogOut, Menu } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { z } from 'zod';
import { api } from '@/api/client';
import { SiteBrand } from '@/components/SiteBrand';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/SkipLink';
import { Button } from '@/components/ui/Button';
import { SideSheet } from '@/components/ui/SideSheet';
import { useLogout } from '@/features/auth/useLogout';
import { cn } from '@/lib/utils';
import { useRealtimeStore } from '@/realtime/realtimeSocket';
import { useSessionStore } from '@/stores/sessionStore';
import { ADMIN_NAV, type QueueKey } from './adminNav';
import { ADMIN_COUNTS_KEY, useAdminLive } from './useAdminLive';

/** One empty list: a selector returning a new `[]` on every read re-renders forever once signed out. */
const NO_PERMISSIONS: readonly Permission[] = [];

const countsSchema = z.object({
  data: z.object({
    pending_clients: z.number(),
    approvals: z.number(),
    unread_chats: z.number(),
    // The money queues (issue 14); a server without them shows no badge rather than failing.
    pending_deposits: z.number().default(0),
    held_withdrawals: z.number().default(0),
  }),
});

/** Live queue counts for the navigation's badges (refreshed by realtime events and every 30 s). */
export function useAdminCounts() {
  return useQuery({
    queryKey: ADMIN_COUNTS_KEY,
    queryFn: async () => countsSchema.parse((await api.get('/admin/counts')).data).data,
    refetchInterval: 30_000,
  });
}

function AdminNavList({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('admin');
  const permissions = useSessionStore((s) => s.user?.permissions ?? NO_PERMISSIONS);
  const counts = useAdminCounts().data;
  return (
    <ul className="flex flex-col gap-0.5 p-2">
      {ADMIN_NAV.filter((i) => permissions.includes(i.permission)).map((item) => {
        const count = item.badge ? (counts?.[item.badge as QueueKey] ?? 0) : 0;
        return (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.to === '/admin'}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                  isActive ? 'bg-accent font-medium text-foreground' : 'text-muted-foreground',
                )
              }
            >
              <item.icon className="size-4" aria-hidden="true" />
              <span className="flex-1">{t(`nav.${item.labelKey}`)}</span>
              {count > 0 ? (
                <span
                  className="rounded-full bg-primary px-2 py-0.5 text-primary-foreground text-xs tabular-nums"
                  data-testid={`admin-badge-${item.badge}`}
                >
                  <span className="sr-only">{', '}</span>
                  {count > 99 ? '99+' : count}
                  <span className="sr-only"> {t('layout.waiting')}</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}

/** Whether the realtime link is up: when it is not, screens fall back to their 30 s refresh. */
function LiveStatus() {
  const { t } = useTranslation('admin');
  const status = useRealtimeStore((s) => s.status);
  const live = status === 'connected';
  return (
    <span
      className="hidden items-center gap-1.5 text-muted-foreground text-xs sm:inline-flex"
      data-testid="admin-live-status"
      title={live ? t('layout.liveHint') : t('layout.reconnectingHint')}
    >
      <span
        className={cn('size-2 rounded-full', live ? 'bg-emerald-500' : 'bg-amber-500')}
        aria-hidden="true"
      />
      {live ? t('layout.live') : t('layout.reconnecting')}
    </span>
  );
}

/** The staff back office's shell: navigation, who is signed in and as what, sign-out (DESIGN §12). */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const user = useSessionStore((s) => s.user);
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  const roles = (user?.staff_roles ?? []).map((r) => t(`layout.roles.${r}`)).join(', ');
  useAdminLive();
  return (
    <div className="flex min-h-dvh bg-background text-foreground">
      <SkipLink />
      {/* The column stretches with the page (its background reaches the bottom of long pages); its
          content stays in view while the page scrolls. */}
      <div className="hidden w-60 shrink-0 border-e bg-card md:block">
        <div className="sticky top-0 flex h-dvh flex-col">
          <div className="flex h-14 shrink-0 items-center border-b px-4">
            <SiteBrand compact />
          </div>
          <nav aria-label={t('layout.navLabel')} className="flex-1 overflow-y-auto">
            <AdminNavList />
          </nav>
        </div>
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 shrink-0 items-center gap-3 border-b px-4">
          <SideSheet
            open={menuOpen}
            onOpenChange={setMenuOpen}
            title={t('layout.navLabel')}
            closeLabel={t('layout.closeMenu')}
            className="w-72 max-w-[85vw] md:hidden"
            trigger={
              <Button
                variant="ghost"
                size="icon-sm"
                className="md:hidden"
                aria-label={t('layout.openMenu')}
                aria-expanded={menuOpen}
              >
                <Menu className="size-5" aria-hidden="true" />
              </Button>
            }
          >
            <nav aria-label={t('layout.navLabel')} className="overflow-y-auto">
              <AdminNavList onNavigate={() => setMenuOpen(false)} />
            </nav>
          </SideSheet>
          <span className="md:hidden">
            <SiteBrand compact />
          </span>
          <div className="ms-auto flex min-w-0 items-center gap-3">
            <LiveStatus />
            <div className="min-w-0 text-end leading-tight">
              <div className="truncate font-medium text-sm" data-testid="staff-name">
                {user ? `${user.first_name} ${user.last_name}`.trim() || user.email : ''}
              </div>
              <div className="truncate text-muted-foreground text-xs" data-testid="staff-roles">
                {roles || t('layout.noRole')}
              </div>
            </div>
            <Button variant="outline" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
              <LogOut className="rtl:-scale-x-100" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">{t('layout.signOut')}</span>
            </Button>
          </div>
        </header>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
