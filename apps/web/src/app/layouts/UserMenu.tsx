import { BadgeCheck, CircleUser, LogOut, Settings, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/DropdownMenu';
import { useLogout } from '@/features/auth/useLogout';
import { useCurrentPlanTitle } from '@/features/plans/PlanBadge';
import { PlansDialog } from '@/features/plans/PlansDialog';
import { useSessionStore } from '@/stores/sessionStore';

function initialsOf(first: string | undefined, last: string | undefined, email: string | undefined): string {
  const fromName = `${first?.trim()[0] ?? ''}${last?.trim()[0] ?? ''}`;
  return (fromName || email?.trim()[0] || '?').toUpperCase();
}

/**
 * The avatar menu of the main header (SPEC §2 "Main-app header"): Profile, Account Details,
 * Settings, the account plans (the header's plan badge is hidden on phones) and Logout.
 */
export function UserMenu() {
  const user = useSessionStore((s) => s.user);
  const logoutMutation = useLogout();
  const fullName = [user?.first_name, user?.last_name].filter(Boolean).join(' ');
  const planTitle = useCurrentPlanTitle();
  const [plansOpen, setPlansOpen] = useState(false);
  const { t } = useTranslation('common');

  return (
    <>
      {/* Not modal: a modal menu closing as the plans dialog opens would leave the page inert. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger className="flex items-center gap-2 rounded-full p-0.5 outline-none focus-visible:ring-2 focus-visible:ring-ring/60">
          {user?.avatar ? (
            <img src={user.avatar} alt="" className="size-8 rounded-full object-cover" />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-8 items-center justify-center rounded-full bg-primary/20 text-xs font-semibold text-primary ring-1 ring-primary/30"
            >
              {initialsOf(user?.first_name, user?.last_name, user?.email)}
            </span>
          )}
          {/* The name; the initials shown are decoration beside it (WCAG 2.5.3 label in name). */}
          <span className="sr-only">{t('userMenu.trigger')}</span>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <DropdownMenuLabel className="flex flex-col gap-0.5">
            <span className="truncate">{fullName || t('userMenu.account')}</span>
            {user?.email ? (
              <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
            ) : null}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to="/main/dashboard">
              <CircleUser aria-hidden="true" />
              {t('userMenu.profile')}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/main/accounts">
              <Wallet aria-hidden="true" />
              {t('userMenu.accountDetails')}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/main/settings">
              <Settings aria-hidden="true" />
              {t('userMenu.settings')}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setPlansOpen(true)}>
            <BadgeCheck aria-hidden="true" />
            <span className="flex-1">{t('userMenu.plans')}</span>
            <span className="text-xs text-muted-foreground">{planTitle}</span>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            variant="destructive"
            disabled={logoutMutation.isPending}
            onSelect={() => logoutMutation.mutate()}
          >
            <LogOut aria-hidden="true" />
            {t('userMenu.logout')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <PlansDialog open={plansOpen} onOpenChange={setPlansOpen} currentTitle={planTitle} />
    </>
  );
}
