import { Link } from 'react-router';
import { SiteBrand } from '@/components/SiteBrand';

/**
 * `/mt4` index: the trading terminal's frame (SPEC §2 "Trading terminal"): top bar, left rail,
 * chart area, right watch-list column and bottom positions drawer, empty until their issues land.
 * The regions are drawn now so the later panels slot into a layout that already works from 360 px.
 */
export function TerminalPage() {
  return (
    <div data-testid="terminal" className="flex h-dvh flex-col overflow-hidden bg-[#07090e] text-foreground">
      <header className="flex h-11 shrink-0 items-center gap-3 border-b bg-card px-3">
        <Link to="/main/dashboard" aria-label="Go to dashboard" className="rounded-md">
          <SiteBrand compact />
        </Link>
        <span aria-hidden="true" className="h-5 w-px bg-border" />
        <h1 className="truncate text-sm font-medium text-muted-foreground">Trading terminal</h1>
      </header>
      <div className="flex min-h-0 flex-1">
        <aside aria-label="Panels" className="w-12 shrink-0 border-r bg-card" />
        <div className="flex min-w-0 flex-1 flex-col">
          <section aria-label="Chart" className="min-h-0 flex-1 bg-[#07090e]" />
          <section aria-label="Positions" className="h-10 shrink-0 border-t bg-card" />
        </div>
        <aside aria-label="Watch list" className="hidden w-72 shrink-0 border-l bg-card lg:block" />
      </div>
    </div>
  );
}
