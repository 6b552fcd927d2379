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
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/Tooltip';
import { cn } from '@/lib/utils';
import { CalendarPanel, NewsPanel } from './panels/ContentPanels';
import { MarketWatchPanel } from './panels/MarketWatchPanel';
import { ActiveOrdersPanel, TradingHistoryPanel } from './panels/TradeLists';
import { TradeRoomPanel } from './panels/TradeRoomPanel';

/** SPEC §2 left rail, in SPEC's order. */
export const PANELS = [
  { id: 'trade-room', label: 'Trade Room', icon: BriefcaseBusiness },
  { id: 'market-watch', label: 'Market Watch', icon: ChartCandlestick },
  { id: 'active-orders', label: 'Active Orders', icon: ClipboardList },
  { id: 'trading-history', label: 'Trading History', icon: History },
  { id: 'calendar', label: 'Calendar', icon: CalendarDays },
  { id: 'market-news', label: 'Market News', icon: Newspaper },
] as const satisfies readonly { id: string; label: string; icon: LucideIcon }[];

export type PanelId = (typeof PANELS)[number]['id'];

/** Which panel is open; selecting the open one again closes it (SPEC §2). */
export function usePanelToggle(initial: PanelId | null = null) {
  const [panel, setPanel] = useState<PanelId | null>(initial);
  const toggle = useCallback((id: PanelId) => setPanel((current) => (current === id ? null : id)), []);
  const close = useCallback(() => setPanel(null), []);
  return { panel, toggle, close };
}

/** The rail of panel buttons down the left edge. */
export function LeftRail({ active, onSelect }: { active: PanelId | null; onSelect: (id: PanelId) => void }) {
  return (
    <nav
      aria-label="Terminal panels"
      data-testid="left-rail"
      className="flex w-12 shrink-0 flex-col items-center gap-1 overflow-y-auto border-r bg-card py-2 [scrollbar-width:none]"
    >
      {PANELS.map(({ id, label, icon: Icon }) => {
        const selected = id === active;
        return (
          <Tooltip key={id}>
            <TooltipTrigger asChild>
              <button
                type="button"
                aria-label={label}
                aria-pressed={selected}
                aria-controls={selected ? 'terminal-panel' : undefined}
                onClick={() => onSelect(id)}
                className={cn(
                  'relative flex size-9 shrink-0 items-center justify-center rounded-md transition-colors focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none',
                  selected
                    ? 'bg-primary/15 text-primary before:absolute before:top-1.5 before:bottom-1.5 before:-left-1.5 before:w-0.5 before:rounded-full before:bg-primary'
                    : 'text-muted-foreground hover:bg-accent hover:text-foreground',
                )}
              >
                <Icon aria-hidden="true" className="size-[18px]" />
              </button>
            </TooltipTrigger>
            <TooltipContent side="right" className="uppercase tracking-wide">
              {label}
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
  const meta = PANELS.find((p) => p.id === panel);
  return (
    <section
      id="terminal-panel"
      aria-label={meta?.label}
      data-panel={panel}
      className={cn(
        'flex min-h-0 flex-col border-r bg-card',
        // Phones: over the chart, leaving the rail visible.
        'absolute inset-y-0 left-12 z-30 w-[min(300px,calc(100vw-3rem))] shadow-2xl',
        'md:static md:z-auto md:w-[300px] md:shrink-0 md:shadow-none',
      )}
    >
      <header className="flex h-9 shrink-0 items-center justify-between gap-2 border-b pr-1 pl-3">
        <h2 className="truncate text-[11px] font-semibold tracking-wider text-muted-foreground uppercase">
          {meta?.label}
        </h2>
        <button
          type="button"
          aria-label="Close panel"
          onClick={onClose}
          className="flex size-7 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </header>
      {PANEL_CONTENT[panel]()}
    </section>
  );
}
