import { Check, ChevronDown, ChevronLeft, ChevronRight, X } from 'lucide-react';
import {
  type CSSProperties,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Asset } from '@/api/assets';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/DropdownMenu';
import { InstrumentIcon } from '@/features/market/InstrumentIcon';
import { usePairs } from '@/features/market/useAssets';
import { cn } from '@/lib/utils';

/** How far one click on a scroll arrow moves the tabs. */
const SCROLL_STEP_PX = 160;

/** Whether the strip can scroll towards its start or its end (logical: right-to-left aware). */
interface Overflow {
  start: boolean;
  end: boolean;
  rtl: boolean;
}

/** Whether the tab strip can scroll either way, kept current on scroll and resize. */
function useOverflow(ref: RefObject<HTMLElement | null>, deps: unknown) {
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false, rtl: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const rtl = typeof getComputedStyle === 'function' && getComputedStyle(el).direction === 'rtl';
    // Right to left, scrollLeft runs from 0 at the start to negative values at the end.
    const scrolled = Math.abs(el.scrollLeft);
    const start = scrolled > 1;
    const end = scrolled + el.clientWidth < el.scrollWidth - 1;
    setOverflow((prev) =>
      prev.start === start && prev.end === end && prev.rtl === rtl ? prev : { start, end, rtl },
    );
  }, [ref]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `deps` (the tab list) changes the strip's width.
  useLayoutEffect(() => {
    measure();
  }, [measure, deps]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref, measure]);

  return overflow;
}

/**
 * The open-pair tabs (SPEC §2, §4, §5): one tab per open pair, the active one marked; a click
 * activates; a close button on each tab only while more than one pair is open; a menu listing every
 * open pair; arrows to scroll when the tabs do not fit. Shared by the terminal and the main header.
 */
export function PairTabs({ className }: { className?: string }) {
  const { t } = useTranslation('terminal');
  const { pairs, activeId, addPair, removePair } = usePairs();
  const stripRef = useRef<HTMLUListElement>(null);
  const overflow = useOverflow(stripRef, pairs);
  const closable = pairs.length > 1;

  // Keep the active tab in view when it changes (a pair added from a list lands at the end).
  useEffect(() => {
    if (activeId === null) return;
    const tab = stripRef.current?.querySelector<HTMLElement>(`[data-pair-id="${activeId}"]`);
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activeId]);

  /** -1 towards the start of the strip, 1 towards its end, whichever way the page reads. */
  const scrollBy = (direction: -1 | 1) => {
    const physical = overflow.rtl ? -direction : direction;
    stripRef.current?.scrollBy?.({ left: physical * SCROLL_STEP_PX, behavior: 'smooth' });
  };
  // The fade sits at whichever edge still has tabs beyond it.
  const fadeFrom = overflow.rtl ? 'to left' : 'to right';
  const fadeTo = overflow.rtl ? 'to right' : 'to left';
  const towardsStart = t(overflow.rtl ? 'pairTabs.scrollRight' : 'pairTabs.scrollLeft');
  const towardsEnd = t(overflow.rtl ? 'pairTabs.scrollLeft' : 'pairTabs.scrollRight');

  return (
    <nav
      aria-label={t('pairTabs.nav')}
      data-testid="pair-tabs"
      className={cn('flex min-w-0 items-center gap-0.5', className)}
    >
      {overflow.start ? (
        <ArrowButton label={towardsStart} onClick={() => scrollBy(-1)}>
          <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        </ArrowButton>
      ) : null}
      <ul
        ref={stripRef}
        style={
          overflow.start && overflow.end
            ? ({
                '--tab-fade': `linear-gradient(${fadeFrom},transparent,black 20px,black calc(100% - 20px),transparent)`,
              } as CSSProperties)
            : overflow.start
              ? ({ '--tab-fade': `linear-gradient(${fadeFrom},transparent,black 20px)` } as CSSProperties)
              : overflow.end
                ? ({ '--tab-fade': `linear-gradient(${fadeTo},transparent,black 20px)` } as CSSProperties)
                : undefined
        }
        className={cn(
          'flex min-w-0 items-center gap-1 overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
          // A cut tab fades out at the edge it scrolls from, rather than ending in a sliver.
          overflow.start || overflow.end ? '[mask-image:var(--tab-fade)]' : undefined,
        )}
      >
        {pairs.map((pair) => (
          <PairTab
            key={pair.id}
            pair={pair}
            active={pair.id === activeId}
            closable={closable}
            onActivate={() => addPair(pair)}
            onClose={() => removePair(pair.id)}
          />
        ))}
      </ul>
      {overflow.end ? (
        <ArrowButton label={towardsEnd} onClick={() => scrollBy(1)}>
          <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
        </ArrowButton>
      ) : null}
      <PairsMenu pairs={pairs} activeId={activeId} onPick={addPair} />
    </nav>
  );
}

function ArrowButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="flex h-7 w-5 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      {children}
    </button>
  );
}

function PairTab({
  pair,
  active,
  closable,
  onActivate,
  onClose,
}: {
  pair: Asset;
  active: boolean;
  closable: boolean;
  onActivate: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('terminal');
  return (
    <li
      data-pair-id={pair.id}
      data-active={active || undefined}
      className={cn(
        'group relative flex h-8 shrink-0 items-center rounded-md border text-xs transition-colors',
        active
          ? 'border-primary/50 bg-primary/15 text-foreground'
          : 'border-transparent text-muted-foreground hover:bg-accent hover:text-foreground',
      )}
    >
      <button
        type="button"
        onClick={onActivate}
        aria-current={active ? 'true' : undefined}
        title={pair.name}
        className={cn(
          'flex h-full items-center gap-1.5 rounded-md ps-2 font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          closable ? 'pe-1' : 'pe-2.5',
        )}
      >
        <InstrumentIcon instrument={pair} size={16} />
        <span className="whitespace-nowrap">{pair.sy}</span>
      </button>
      {closable ? (
        <button
          type="button"
          aria-label={t('pairTabs.close', { symbol: pair.sy })}
          onClick={onClose}
          className="me-1 flex size-6 items-center justify-center rounded text-muted-foreground hover:bg-background/60 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <X aria-hidden="true" className="size-3" />
        </button>
      ) : null}
    </li>
  );
}

function PairsMenu({
  pairs,
  activeId,
  onPick,
}: {
  pairs: readonly Asset[];
  activeId: number | null;
  onPick: (pair: Asset) => void;
}) {
  const { t } = useTranslation('terminal');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={t('pairTabs.all')}
        className="flex h-7 w-6 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-80 overflow-y-auto">
        <DropdownMenuLabel className="text-xs text-muted-foreground">
          {t('pairTabs.menuTitle', { count: pairs.length })}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {pairs.map((pair) => (
          <DropdownMenuItem key={pair.id} onSelect={() => onPick(pair)}>
            <InstrumentIcon instrument={pair} size={16} />
            <span className="flex-1">{pair.sy}</span>
            {pair.id === activeId ? (
              <Check role="img" aria-label={t('pairTabs.active')} className="size-4 text-primary" />
            ) : null}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
