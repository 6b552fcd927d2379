import { type KeyboardEvent, useCallback, useRef, useState } from 'react';

/**
 * One Tab stop for a long list (WAI-ARIA roving tabindex): the active item has tabIndex 0, the rest
 * -1; arrows, Home/End and PageUp/PageDown move between items, Enter activates. A virtualized list
 * passes `scrollTo` so the item is rendered before it is focused.
 */
export interface RovingOptions {
  /** Which arrows move: up/down (lists, table rows) or left/right (toolbars, chips). */
  orientation?: 'vertical' | 'horizontal';
  onActivate?: (index: number) => void;
  scrollTo?: (index: number) => void;
  pageSize?: number;
}

const NEXT = { vertical: 'ArrowDown', horizontal: 'ArrowRight' } as const;
const PREVIOUS = { vertical: 'ArrowUp', horizontal: 'ArrowLeft' } as const;

export function nextRovingIndex(
  key: string,
  index: number,
  count: number,
  options: RovingOptions,
): number | null {
  const orientation = options.orientation ?? 'vertical';
  const page = options.pageSize ?? 10;
  const last = count - 1;
  if (count === 0) return null;
  switch (key) {
    case NEXT[orientation]:
      return Math.min(index + 1, last);
    case PREVIOUS[orientation]:
      return Math.max(index - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'PageDown':
      return orientation === 'vertical' ? Math.min(index + page, last) : null;
    case 'PageUp':
      return orientation === 'vertical' ? Math.max(index - page, 0) : null;
    default:
      return null;
  }
}

export function useRovingFocus<T extends HTMLElement = HTMLElement>(
  count: number,
  options: RovingOptions = {},
) {
  const [stored, setStored] = useState(0);
  // Read by the key handler: a second arrow pressed before React re-renders moves on from the first.
  const current = useRef(0);
  const active = Math.min(stored, Math.max(count - 1, 0));
  const container = useRef<T>(null);

  const setActive = useCallback((index: number) => {
    current.current = index;
    setStored(index);
  }, []);

  const focusIndex = useCallback(
    (index: number) => {
      setActive(index);
      options.scrollTo?.(index);
      const find = () => container.current?.querySelector<HTMLElement>(`[data-roving-index="${index}"]`);
      const row = find();
      // A virtualized row scrolled into view exists only after the next render: focus it then.
      if (row) row.focus();
      else requestAnimationFrame(() => find()?.focus());
    },
    [options.scrollTo, setActive],
  );

  const onKeyDown = (event: KeyboardEvent<T>) => {
    const target = event.target as HTMLElement;
    // Keys typed in a field or control inside a row stay with it.
    if (target.dataset.rovingIndex === undefined) return;
    const from = Math.min(current.current, Math.max(count - 1, 0));
    if (event.key === 'Enter' && options.onActivate) {
      event.preventDefault();
      options.onActivate(from);
      return;
    }
    const next = nextRovingIndex(event.key, from, count, options);
    if (next === null) return;
    event.preventDefault();
    focusIndex(next);
  };

  const itemProps = (index: number) => ({
    tabIndex: index === active ? 0 : -1,
    'data-roving-index': index,
    onFocus: () => setActive(index),
  });

  return { active, setActive, focusIndex, containerProps: { ref: container, onKeyDown }, itemProps };
}
