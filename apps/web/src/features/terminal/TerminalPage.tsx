import { PanelRightClose, PanelRightOpen } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { SiteBrand } from '@/components/SiteBrand';
import { AutoTraderButton } from '@/features/autotrader/AutoTraderDialog';
import { OrderFormHost } from '@/features/order/OrderFormHost';
import { TradeDialogsHost } from '@/features/order/TradeDialogsHost';
import { PositionsDrawer } from '@/features/positions/PositionsDrawer';
import { cn } from '@/lib/utils';
import { AddAssetDialog } from './AddAssetDialog';
import { AlgoTrader } from './AlgoTrader';
import { ChartArea } from './ChartArea';
import { LeftRail, type PanelId, SidePanel, usePanelToggle } from './LeftRail';
import { NewOrderButton } from './NewOrderButton';
import { PairTabs } from './PairTabs';
import { MOBILE_QUERY, useMediaQuery, WIDE_QUERY } from './useMediaQuery';
import { WatchList } from './WatchList';

/**
 * `/mt4` index: the trading terminal (SPEC §2 "Trading terminal"). Top bar with the pair tabs, the
 * add-asset dialog and New Order; the left rail and its panel column; the chart with BUY/SELL in
 * the centre; the collapsible watch list and Algo Trader on the right; the positions drawer below.
 */
export function TerminalPage() {
  const { panel, toggle, close } = usePanelToggle();
  const tabletUp = useMediaQuery(MOBILE_QUERY);
  const wide = useMediaQuery(WIDE_QUERY);
  // Open by default where it fits beside the chart; the toggle's choice wins once made.
  const [sidebarChoice, setSidebarChoice] = useState<boolean | null>(null);
  const sidebarOpen = sidebarChoice ?? wide;

  // On phones both columns overlay the chart, so opening one puts the other away.
  const selectPanel = useCallback(
    (id: PanelId) => {
      if (!tabletUp && panel !== id) setSidebarChoice(false);
      toggle(id);
    },
    [tabletUp, panel, toggle],
  );
  const toggleSidebar = () => {
    if (!tabletUp && !sidebarOpen) close();
    setSidebarChoice(!sidebarOpen);
  };

  return (
    <div data-testid="terminal" className="flex h-dvh flex-col overflow-hidden bg-[#07090e] text-foreground">
      <header className="flex h-12 shrink-0 items-center gap-1.5 border-b bg-card px-2 sm:gap-2 sm:px-3">
        <Link
          to="/main/dashboard"
          aria-label="Go to dashboard"
          className="shrink-0 rounded-md focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <SiteBrand compact className="max-md:[&>span+span]:hidden" />
        </Link>
        <span aria-hidden="true" className="mx-0.5 h-5 w-px shrink-0 bg-border" />
        <PairTabs className="flex-1" />
        <AddAssetDialog />
        <NewOrderButton />
        {/* SPEC §2 terminal dialogs: AutoTrader, as in the main header. */}
        <AutoTraderButton compact className="shrink-0" />
        <button
          type="button"
          aria-label={sidebarOpen ? 'Hide watch list' : 'Show watch list'}
          aria-expanded={sidebarOpen}
          aria-controls="terminal-sidebar"
          onClick={toggleSidebar}
          className="flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          {sidebarOpen ? (
            <PanelRightClose aria-hidden="true" className="size-4" />
          ) : (
            <PanelRightOpen aria-hidden="true" className="size-4" />
          )}
        </button>
      </header>

      <div className="relative flex min-h-0 flex-1">
        <LeftRail active={panel} onSelect={selectPanel} />
        {panel ? <SidePanel panel={panel} onClose={close} /> : null}
        <main aria-label="Chart" className="flex min-w-0 flex-1 flex-col">
          <ChartArea />
        </main>
        {sidebarOpen ? (
          <aside
            id="terminal-sidebar"
            aria-label="Watch list and Algo Trader"
            className={cn(
              'flex w-[280px] flex-col border-l bg-card',
              'absolute inset-y-0 right-0 z-30 max-w-[calc(100vw-3rem)] shadow-2xl',
              'lg:static lg:z-auto lg:shrink-0 lg:shadow-none',
            )}
          >
            <WatchList />
            <AlgoTrader />
          </aside>
        ) : null}
      </div>

      <PositionsDrawer />
      <OrderFormHost />
      <TradeDialogsHost />
    </div>
  );
}
