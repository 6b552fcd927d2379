import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useRef } from 'react';
import { cn } from '@/lib/utils';

export interface VirtualListProps<T> {
  items: readonly T[];
  /** Fixed row height in px (rows are dense, one line or two). */
  rowHeight: number;
  getKey: (item: T) => number | string;
  renderRow: (item: T, index: number) => ReactNode;
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
 * re-render the list as a whole.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  getKey,
  renderRow,
  label,
  resetKey,
  overscan = 8,
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the trigger, not a value read here.
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [resetKey]);

  return (
    <div ref={scrollRef} className={cn('min-h-0 flex-1 overflow-y-auto overscroll-contain', className)}>
      <ul
        aria-label={label}
        data-testid={testId}
        data-total={items.length}
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index];
          if (item === undefined) return null;
          return (
            <li
              key={row.key}
              aria-setsize={items.length}
              aria-posinset={row.index + 1}
              className="absolute top-0 left-0 w-full"
              style={{ height: rowHeight, transform: `translateY(${row.start}px)` }}
            >
              {renderRow(item, row.index)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
