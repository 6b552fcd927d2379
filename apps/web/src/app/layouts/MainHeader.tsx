import { ArrowDownToLine, ChartCandlestick } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SiteBrand } from '@/components/SiteBrand';
import { Button } from '@/components/ui/Button';
import { AutoTraderButton } from '@/features/autotrader/AutoTraderDialog';
import { NotificationBell } from '@/features/notifications/NotificationBell';
import { PlanBadge } from '@/features/plans/PlanBadge';
import { PairTabs } from '@/features/terminal/PairTabs';
import { useSiteName } from '@/lib/useSiteName';
import { AccountMenu } from './AccountMenu';
import { MarketSearchDrawer } from './MarketSearchDrawer';
import { MobileNav } from './MobileNav';
import { PanelBoundary } from './PanelBoundary';
import { UserMenu } from './UserMenu';

/**
 * The bar across the top of /main (SPEC §2 "Main-app header"): market-watch search, pair tabs,
 * the account dropdown, the plan badge, AutoTrader, Deposit and the avatar menu. Below 768 px the pair tabs
 * take a second row so nothing is squeezed out.
 */
export function MainHeader() {
  const { t } = useTranslation('common');
  const siteName = useSiteName();
  return (
    <header className="sticky top-0 z-40 shrink-0 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
      <div className="flex h-14 items-center gap-1.5 px-2 sm:gap-2 sm:px-4">
        <MobileNav />
        <Link
          to="/main/dashboard"
          // The name starts with what the link shows (the site's name or logo), WCAG 2.5.3.
          aria-label={t('shell.brandToDashboard', { name: siteName })}
          // Phones show the mark alone; the name would squeeze the account figures out.
          className="flex min-w-0 items-center rounded-md max-sm:[&_.truncate]:hidden"
        >
          <SiteBrand className="hidden xl:inline-flex" />
          <SiteBrand compact className="xl:hidden" />
        </Link>
        <MarketSearchDrawer />
        <PanelBoundary name="Pair tabs">
          <PairTabs className="hidden min-w-0 flex-1 md:flex" />
        </PanelBoundary>
        <div className="ms-auto flex min-w-0 shrink-0 items-center gap-1.5 sm:gap-2">
          <PlanBadge className="hidden sm:inline-flex" />
          <PanelBoundary name="Account dropdown">
            <AccountMenu />
          </PanelBoundary>
          <PanelBoundary name="Notifications">
            <NotificationBell />
          </PanelBoundary>
          <AutoTraderButton className="hidden md:inline-flex" />
          <Button asChild variant="outline" size="sm" className="hidden md:inline-flex">
            <Link to="/mt4" aria-label={t('header.trade')}>
              <ChartCandlestick aria-hidden="true" />
              <span className="hidden lg:inline">{t('header.trade')}</span>
            </Link>
          </Button>
          <Button asChild variant="buy" size="sm" className="px-2 sm:px-3">
            <Link to="/main/deposit" aria-label={t('header.deposit')}>
              <ArrowDownToLine aria-hidden="true" />
              <span className="hidden sm:inline">{t('header.deposit')}</span>
            </Link>
          </Button>
          <UserMenu />
        </div>
      </div>
      <div className="flex h-10 items-center border-t px-2 md:hidden">
        <PanelBoundary name="Pair tabs">
          <PairTabs className="min-w-0 flex-1" />
        </PanelBoundary>
        <AutoTraderButton compact className="ms-1 shrink-0" />
        <Button asChild variant="ghost" size="sm" className="ms-1 shrink-0 px-2">
          <Link to="/mt4" aria-label={t('header.trade')}>
            <ChartCandlestick aria-hidden="true" />
            {t('header.trade')}
          </Link>
        </Button>
      </div>
    </header>
  );
}
