import { ChevronDown, ChevronUp } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTradeList } from '@/features/trading/queries';
import { cn } from '@/lib/utils';
import type { PriceStore } from '@/stores/priceStore';
import { PortfolioBar } from './PortfolioBar';
import { PositionList } from './PositionLists';
import { useCloseRequest } from './useCloseRequest';

export type PositionsTab = 'active' | 'history';

const TABS = [
  { key: 'active', labelKey: 'positions.activeTab' },
  { key: 'history', labelKey: 'positions.historyTab' },
] as const satisfies readonly { key: PositionsTab; labelKey: string }[];

export interface PositionsDrawerProps {
  defaultExpanded?: boolean;
  defaultTab?: PositionsTab;
  className?: string;
  /** For tests; the app's price store otherwise. */
  store?: PriceStore;
}

/**
 * The terminal's bottom positions drawer (SPEC §2, §4): collapsed it is the Total Portfolio bar;
 * expanded it adds the ACTIVE POSITIONS and POSITIONS HISTORY tabs above their lists.
 */
export function PositionsDrawer({
  defaultExpanded = false,
  defaultTab = 'active',
  className,
  store,
}: PositionsDrawerProps = {}) {
  const { t } = useTranslation('trade');
  const [expanded, setExpanded] = useState(defaultExpanded);
  const [tab, setTab] = useState<PositionsTab>(defaultTab);
  const uid = useId();
  const tabRefs = useRef<Partial<Record<PositionsTab, HTMLButtonElement | null>>>({});
  const openTotal = useTradeList('open').data?.pages[0]?.meta.total;
  const panelId = `${uid}-panel`;
  // The `C` shortcut (useSelectedPosition.requestClose) opens the selected position's close dialog.
  useCloseRequest();

  const choose = (next: PositionsTab) => {
    setTab(next);
    setExpanded(true);
  };
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: PositionsTab =
      event.key === 'Home'
        ? 'active'
        : event.key === 'End'
          ? 'history'
          : tab === 'active'
            ? 'history'
            : 'active';
    choose(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <section
      data-testid="positions-drawer"
      data-state={expanded ? 'expanded' : 'collapsed'}
      aria-label={t('positions.region')}
      className={cn('flex min-h-0 shrink-0 flex-col border-t bg-card', className)}
    >
      <div className="flex min-h-10 flex-wrap items-center border-b sm:flex-nowrap">
        <div className="flex min-w-0 items-center">
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={expanded ? panelId : undefined}
            aria-label={expanded ? t('positions.collapse') : t('positions.expand')}
            onClick={() => setExpanded((e) => !e)}
            className="flex size-10 shrink-0 items-center justify-center text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
          >
            {expanded ? (
              <ChevronDown aria-hidden="true" className="size-4" />
            ) : (
              <ChevronUp aria-hidden="true" className="size-4" />
            )}
          </button>
          <div
            role="tablist"
            aria-label={t('positions.tabs')}
            className="flex min-w-0 items-stretch self-stretch"
          >
            {TABS.map((entry) => {
              const selected = expanded && tab === entry.key;
              return (
                <button
                  key={entry.key}
                  ref={(el) => {
                    tabRefs.current[entry.key] = el;
                  }}
                  type="button"
                  role="tab"
                  id={`${uid}-${entry.key}`}
                  aria-selected={selected}
                  aria-controls={selected ? panelId : undefined}
                  tabIndex={tab === entry.key ? 0 : -1}
                  onClick={() => choose(entry.key)}
                  onKeyDown={onTabKey}
                  className={cn(
                    'relative flex items-center gap-1.5 px-2.5 text-xs font-semibold tracking-wide whitespace-nowrap outline-none transition-colors focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset sm:px-3',
                    selected ? 'text-foreground' : 'text-muted-foreground hover:text-foreground',
                  )}
                >
                  {t(entry.labelKey)}
                  {entry.key === 'active' && openTotal ? (
                    <span className="rounded-full bg-primary/20 px-1.5 text-xs text-foreground tabular-nums">
                      <span aria-hidden="true">{openTotal}</span>
                      <span className="sr-only">{t('positions.openCount', { count: openTotal })}</span>
                    </span>
                  ) : null}
                  {selected ? (
                    <span className="absolute inset-x-2 bottom-0 h-0.5 rounded bg-primary" />
                  ) : null}
                </button>
              );
            })}
          </div>
        </div>
        <PortfolioBar store={store} className="w-full border-t sm:ms-auto sm:w-auto sm:border-t-0" />
      </div>
      {expanded ? (
        <PositionList
          key={tab}
          kind={tab === 'active' ? 'open' : 'closed'}
          id={panelId}
          labelledBy={`${uid}-${tab}`}
          store={store}
          className="h-[min(42dvh,22rem)]"
        />
      ) : null}
    </section>
  );
}
