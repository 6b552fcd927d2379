import { PanelRightClose, PanelRightOpen } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '@/components/PageHeading';
import { SiteBrand } from '@/components/SiteBrand';
import { AutoTraderButton } from '@/features/autotrader/AutoTraderDialog';
import { OrderFormHost } from '@/features/order/OrderFormHost';
import { useOrderFormStore } from '@/features/order/orderFormStore';
import { TradeDialogsHost } from '@/features/order/TradeDialogsHost';
import { PositionsDrawer } from '@/features/positions/PositionsDrawer';
import { useSelectedPosition } from '@/features/positions/selectedPosition';
import { cn } from '@/lib/utils';
import { useAssetStore } from '@/stores/assetStore';
import { AddAssetDialog } from './AddAssetDialog';
import { AlgoTrader } from './AlgoTrader';
import { ChartArea } from './ChartArea';
import { LeftRail, type PanelId, SidePanel, usePanelToggle } from './LeftRail';
import { NewOrderButton } from './NewOrderButton';
import { PairTabs } from './PairTabs';
import { ShortcutsButton, ShortcutsDialog } from './ShortcutsDialog';
import { type ShortcutAction, useTerminalShortcuts } from './shortcuts';
import { MOBILE_QUERY, useMediaQuery, WIDE_QUERY } from './useMediaQuery';
import { WatchList } from './WatchList';

/**
 * `/mt4` index: the trading terminal (SPEC §2 "Trading terminal"). Top bar with the pair tabs, the
 * add-asset dialog and New Order; the left rail and its panel column; the chart with BUY/SELL in
 * the centre; the collapsible watch list and Algo Trader on the right; the positions drawer below.
 * Keyboard shortcuts (B, S, C, 1–6, W, ?) work outside text fields; "?" lists them.
 */
export function TerminalPage() {
  const { t } = useTranslation('terminal');
  const { panel, toggle, close } = usePanelToggle();
  const tabletUp = useMediaQuery(MOBILE_QUERY);
  const wide = useMediaQuery(WIDE_QUERY);
  // Open by default where it fits beside the chart; the toggle's choice wins once made.
  const [sidebarChoice, setSidebarChoice] = useState<boolean | null>(null);
  const sidebarOpen = sidebarChoice ?? wide;
  const [helpOpen, setHelpOpen] = useState(false);

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

  useTerminalShortcuts((action: ShortcutAction) => {
    switch (action.type) {
      case 'buy':
      case 'sell': {
        // As the chart's BUY/SELL buttons do: the order form on that side for the active instrument.
        const assetId = useAssetStore.getState().activeAsset?.id ?? null;
        if (assetId === null) return;
        // A dialog gives focus back to what had it; with nothing focused that would be the page
        // body, so the chart's button of that side stands in as the form's opener.
        if (document.activeElement === document.body) {
          document
            .querySelector<HTMLElement>(`[data-testid="${action.type}-button"]`)
            ?.focus({ preventScroll: true });
        }
        useOrderFormStore.getState().openForm(action.type, assetId);
        return;
      }
      case 'close':
        useSelectedPosition.getState().requestClose();
        return;
      case 'panel':
        selectPanel(action.panel);
        return;
      case 'watchList':
        toggleSidebar();
        return;
      case 'help':
        setHelpOpen(true);
        return;
    }
  });

  return (
    <div data-testid="terminal" className="flex h-dvh flex-col overflow-hidden bg-chart text-foreground">
      <PageHeading title={t('page.title')} hidden />
      <header className="flex h-12 shrink-0 items-center gap-1.5 border-b bg-card px-2 sm:gap-2 sm:px-3">
        <Link
          to="/main/dashboard"
          className="shrink-0 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <SiteBrand compact className="max-md:[&>span+span]:hidden" />
          {/* The name keeps the brand it shows (label in name), then says where it goes. */}
          <span className="sr-only"> {t('page.goToDashboard')}</span>
        </Link>
        <span aria-hidden="true" className="mx-0.5 h-5 w-px shrink-0 bg-border" />
        <PairTabs className="flex-1" />
        <AddAssetDialog />
        <NewOrderButton />
        {/* SPEC §2 terminal dialogs: AutoTrader, as in the main header. */}
        <AutoTraderButton compact className="shrink-0" />
        <ShortcutsButton onClick={() => setHelpOpen(true)} />
        <button
          type="button"
          aria-label={sidebarOpen ? t('page.hideWatchList') : t('page.showWatchList')}
          aria-expanded={sidebarOpen}
          aria-controls="terminal-sidebar"
          aria-keyshortcuts="W"
          onClick={toggleSidebar}
          className="flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {sidebarOpen ? (
            <PanelRightClose aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          ) : (
            <PanelRightOpen aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          )}
        </button>
      </header>

      <div className="relative flex min-h-0 flex-1">
        <LeftRail active={panel} onSelect={selectPanel} />
        {panel ? <SidePanel panel={panel} onClose={close} /> : null}
        <main aria-label={t('page.chart')} className="flex min-w-0 flex-1 flex-col">
          <ChartArea />
        </main>
        {sidebarOpen ? (
          <aside
            id="terminal-sidebar"
            aria-label={t('page.sidebar')}
            className={cn(
              'flex w-[280px] flex-col border-s bg-card',
              'absolute inset-y-0 end-0 z-30 max-w-[calc(100vw-3rem)] shadow-2xl',
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
      <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </div>
  );
}
