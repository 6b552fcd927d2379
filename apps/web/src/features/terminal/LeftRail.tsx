import {
  BriefcaseBusiness,
  CalendarDays,
  ChartCandlestick,
  ClipboardList,
  History,
  type LucideIcon,
  Newspaper,
  X,
} from 'lucide-react';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/Tooltip';
import { directionOf } from '@/i18n/language';
import { cn } from '@/lib/utils';
import { PANEL_IDS, type PanelId } from './panelIds';
import { CalendarPanel, NewsPanel } from './panels/ContentPanels';
import { MarketWatchPanel } from './panels/MarketWatchPanel';
import { ActiveOrdersPanel, TradingHistoryPanel } from './panels/TradeLists';
import { TradeRoomPanel } from './panels/TradeRoomPanel';

export type { PanelId } from './panelIds';

const PANEL_ICONS: Record<PanelId, LucideIcon> = {
  'trade-room': BriefcaseBusiness,
  'market-watch': ChartCandlestick,
  'active-orders': ClipboardList,
  'trading-history': History,
  calendar: CalendarDays,
  'market-news': Newspaper,
};

/** SPEC §2 left rail, in SPEC's order; each label is `terminal:panels.<id>`. */
export const PANELS = PANEL_IDS.map((id) => ({ id, icon: PANEL_ICONS[id] }));

/** Which panel is open; selecting the open one again closes it (SPEC §2). */
export function usePanelToggle(initial: PanelId | null = null) {
  const [panel, setPanel] = useState<PanelId | null>(initial);
  const toggle = useCallback((id: PanelId) => setPanel((current) => (current === id ? null : id)), []);
  const close = useCallback(() => setPanel(null), []);
  return { panel, toggle, close };
}

/** The rail of panel buttons down the left edge. */
export function LeftRail({ active, onSelect }: { active: PanelId | null; onSelect: (id: PanelId) => void }) {
  const { t, i18n } = useTranslation('terminal');
  // The rail sits at the reading start: its tooltips open towards the chart.
  const side = directionOf(i18n.language) === 'rtl' ? 'left' : 'right';
  return (
    <nav
      aria-label={t('panels.rail')}
      data-testid="left-rail"
      className="flex w-12 shrink-0 flex-col items-center gap-1 overflow-y-auto border-e bg-card py-2 [scrollbar-width:none]"
    >
      {PANELS.map(({ id, icon: Icon }, index) => {
        const selected = id === active;
        const label = t(`panels.${id}`);
        return (
          <Tooltip key={id}>
            <TooltipTrigger asChild>
              <button
                type="button"
                aria-label={label}
                aria-pressed={selected}
                aria-keyshortcuts={String(index + 1)}
                aria-controls={selected ? 'terminal-panel' : undefined}
                onClick={() => onSelect(id)}
                className={cn(
                  'relative flex size-9 shrink-0 items-center justify-center rounded-md transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  selected
                    ? 'bg-primary/15 text-primary before:absolute before:top-1.5 before:bottom-1.5 before:-start-1.5 before:w-0.5 before:rounded-full before:bg-primary'
                    : 'text-muted-foreground hover:bg-accent hover:text-foreground',
                )}
              >
                <Icon aria-hidden="true" className="size-[18px]" />
              </button>
            </TooltipTrigger>
            <TooltipContent side={side} className="uppercase tracking-wide">
              {label} <kbd className="ms-1 font-mono">{index + 1}</kbd>
            </TooltipContent>
          </Tooltip>
        );
      })}
    </nav>
  );
}

const PANEL_CONTENT: Record<PanelId, () => ReactNode> = {
  'trade-room': () => <TradeRoomPanel />,
  'market-watch': () => <MarketWatchPanel />,
  'active-orders': () => <ActiveOrdersPanel />,
  'trading-history': () => <TradingHistoryPanel />,
  calendar: () => <CalendarPanel />,
  'market-news': () => <NewsPanel />,
};

/**
 * The open panel: a 300 px column beside the chart, or an overlay on the chart under 768 px
 * (SPEC §2, §9 breakpoint).
 */
export function SidePanel({ panel, onClose }: { panel: PanelId; onClose: () => void }) {
  const { t } = useTranslation('terminal');
  const label = t(`panels.${panel}`);
  return (
    <section
      id="terminal-panel"
      aria-labelledby="terminal-panel-title"
      data-panel={panel}
      className={cn(
        'flex min-h-0 flex-col border-e bg-card',
        // Phones: over the chart, leaving the rail visible.
        'absolute inset-y-0 start-12 z-30 w-[min(300px,calc(100vw-3rem))] shadow-2xl',
        'md:static md:z-auto md:w-[300px] md:shrink-0 md:shadow-none',
      )}
    >
      <header className="flex h-9 shrink-0 items-center justify-between gap-2 border-b ps-3 pe-1">
        <h2
          id="terminal-panel-title"
          className="truncate text-xs font-semibold tracking-wider text-muted-foreground uppercase"
        >
          {label}
        </h2>
        <button
          type="button"
          aria-label={t('panels.close')}
          onClick={onClose}
          className="flex size-7 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </header>
      {PANEL_CONTENT[panel]()}
    </section>
  );
}
