import { ArrowDownToLine, ChartCandlestick } from 'lucide-react';
import { Link } from 'react-router';
import { SiteBrand } from '@/components/SiteBrand';
import { Button } from '@/components/ui/Button';
import { MobileNav } from './MobileNav';
import { UserMenu } from './UserMenu';

/** The bar across the top of /main (SPEC §2 "Main-app header"); account figures join it later. */
export function MainHeader() {
  return (
    <header className="sticky top-0 z-40 flex h-14 shrink-0 items-center gap-2 border-b bg-card/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-card/80 sm:px-4">
      <MobileNav />
      <Link
        to="/main/dashboard"
        aria-label="Go to dashboard"
        className="flex min-w-0 items-center rounded-md"
      >
        <SiteBrand className="hidden sm:inline-flex" />
        <SiteBrand compact className="sm:hidden" />
      </Link>
      <div className="ml-auto flex shrink-0 items-center gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to="/mt4" aria-label="Trade">
            <ChartCandlestick aria-hidden="true" />
            <span className="hidden sm:inline">Trade</span>
          </Link>
        </Button>
        <Button asChild variant="buy" size="sm">
          <Link to="/main/deposit">
            <ArrowDownToLine aria-hidden="true" />
            Deposit
          </Link>
        </Button>
        <UserMenu />
      </div>
    </header>
  );
}
