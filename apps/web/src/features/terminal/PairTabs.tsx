import { Check, ChevronDown, ChevronLeft, ChevronRight, X } from 'lucide-react';
import {
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { Asset } from '@/api/assets';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/DropdownMenu';
import { AssetIcon } from '@/features/market/AssetIcon';
import { usePairs } from '@/features/market/useAssets';
import { cn } from '@/lib/utils';

/** How far one click on a scroll arrow moves the tabs. */
const SCROLL_STEP_PX = 160;

interface Overflow {
  left: boolean;
  right: boolean;
}

/** Whether the tab strip can scroll either way, kept current on scroll and resize. */
function useOverflow(ref: RefObject<HTMLElement | null>, deps: unknown) {
  const [overflow, setOverflow] = useState<Overflow>({ left: false, right: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setOverflow((prev) => (prev.left === left && prev.right === right ? prev : { left, right }));
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

  const scrollBy = (direction: -1 | 1) => {
    stripRef.current?.scrollBy?.({ left: direction * SCROLL_STEP_PX, behavior: 'smooth' });
  };

  return (
    <nav
      aria-label="Open pairs"
      data-testid="pair-tabs"
      className={cn('flex min-w-0 items-center gap-0.5', className)}
    >
      {overflow.left ? (
        <ArrowButton label="Scroll tabs left" onClick={() => scrollBy(-1)}>
          <ChevronLeft aria-hidden="true" className="size-4" />
        </ArrowButton>
      ) : null}
      <ul
        ref={stripRef}
        className={cn(
          'flex min-w-0 items-center gap-1 overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
          // A cut tab fades out at the edge it scrolls from, rather than ending in a sliver.
          overflow.left && overflow.right
            ? '[mask-image:linear-gradient(to_right,transparent,black_20px,black_calc(100%-20px),transparent)]'
            : overflow.left
              ? '[mask-image:linear-gradient(to_right,transparent,black_20px)]'
              : overflow.right
                ? '[mask-image:linear-gradient(to_left,transparent,black_20px)]'
                : undefined,
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
      {overflow.right ? (
        <ArrowButton label="Scroll tabs right" onClick={() => scrollBy(1)}>
          <ChevronRight aria-hidden="true" className="size-4" />
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
      className="flex h-7 w-5 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none"
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
          'flex h-full items-center gap-1.5 rounded-md pl-2 font-medium focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none',
          closable ? 'pr-1' : 'pr-2.5',
        )}
      >
        <AssetIcon symbol={pair.symbol} image={pair.image} size={16} />
        <span className="whitespace-nowrap">{pair.sy}</span>
      </button>
      {closable ? (
        <button
          type="button"
          aria-label={`Close ${pair.sy} tab`}
          onClick={onClose}
          className="mr-1 flex size-5 items-center justify-center rounded text-muted-foreground hover:bg-background/60 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none"
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
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="All open pairs"
        className="flex h-7 w-6 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-80 overflow-y-auto">
        <DropdownMenuLabel className="text-xs text-muted-foreground">
          Open pairs ({pairs.length})
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {pairs.map((pair) => (
          <DropdownMenuItem key={pair.id} onSelect={() => onPick(pair)}>
            <AssetIcon symbol={pair.symbol} image={pair.image} size={16} />
            <span className="flex-1">{pair.sy}</span>
            {pair.id === activeId ? <Check aria-label="Active" className="size-4 text-primary" /> : null}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
