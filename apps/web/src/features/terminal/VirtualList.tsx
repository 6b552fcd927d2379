import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useRovingFocus } from '@/lib/useRovingFocus';
import { cn } from '@/lib/utils';

/** What a row spreads on its focusable element (role "option"): its place in the list and roving tab stop. */
export interface VirtualRowProps {
  tabIndex: number;
  'data-roving-index': number;
  'aria-setsize': number;
  'aria-posinset': number;
  onFocus: () => void;
}

export interface VirtualListProps<T> {
  items: readonly T[];
  /** Fixed row height in px (rows are dense, one line or two). */
  rowHeight: number;
  getKey: (item: T) => number | string;
  /** Draws a row; `rowProps` go on its one focusable element (the option). */
  renderRow: (item: T, index: number, rowProps: VirtualRowProps) => ReactNode;
  /** The list's accessible name. */
  label: string;
  /** Scrolls back to the top whenever this changes (a new search or category). */
  resetKey?: string;
  overscan?: number;
  className?: string;
  'data-testid'?: string;
}

/**
 * A long list that mounts only the rows in view plus a few either side (DESIGN §9, 2,000+
 * instruments). Each row component subscribes to its own price, so neither scrolling nor ticks
 * re-render the list as a whole. For the keyboard it is one Tab stop (a listbox): arrows, Home/End
 * and PageUp/PageDown move between rows, scrolling the row into view before focusing it, and Enter
 * or Space activate it as a click does.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  getKey,
  renderRow,
  label,
  resetKey,
  // Rows just out of view tick and re-render like visible ones (issue 17): keep the margin small.
  overscan = 3,
  className,
  'data-testid': testId,
}: VirtualListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => {
      const item = items[index];
      return item === undefined ? index : getKey(item);
    },
    overscan,
    // React 19: no flushSync from inside effects; the next frame is soon enough.
    useFlushSync: false,
  });

  const scrollTo = useCallback(
    (index: number) => virtualizer.scrollToIndex(index, { align: 'auto' }),
    [virtualizer],
  );
  const pageSize = Math.max(
    1,
    Math.floor((scrollRef.current?.clientHeight ?? rowHeight * 10) / rowHeight) - 1,
  );
  const roving = useRovingFocus<HTMLDivElement>(items.length, { scrollTo, pageSize });
  const { setActive } = roving;

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the trigger, not a value read here.
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
    setActive(0);
  }, [resetKey]);

  // The Tab stop is the active row while it is mounted, else the first row in view: the list never
  // loses its one stop when the active row scrolls away.
  const rows = virtualizer.getVirtualItems();
  const tabStop = rows.some((r) => r.index === roving.active) ? roving.active : rows[0]?.index;

  // Containment (issue 17): the scroller's size comes from its flex parent and every row has a fixed
  // height, so `contain: strict` on both is safe and keeps a ticking price's style, layout and paint
  // work inside its own row instead of reaching the list and the page around it.
  return (
    <div
      ref={scrollRef}
      className={cn('min-h-0 flex-1 overflow-y-auto overscroll-contain [contain:strict]', className)}
    >
      <div
        {...roving.containerProps}
        role="listbox"
        aria-label={label}
        data-testid={testId}
        data-total={items.length}
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {rows.map((row) => {
          const item = items[row.index];
          if (item === undefined) return null;
          const itemProps = roving.itemProps(row.index);
          return (
            <div
              key={row.key}
              role="none"
              className="absolute start-0 top-0 w-full [contain:strict]"
              style={{ height: rowHeight, transform: `translateY(${row.start}px)` }}
            >
              {renderRow(item, row.index, {
                tabIndex: row.index === tabStop ? 0 : -1,
                'data-roving-index': itemProps['data-roving-index'],
                'aria-setsize': items.length,
                'aria-posinset': row.index + 1,
                onFocus: itemProps.onFocus,
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
