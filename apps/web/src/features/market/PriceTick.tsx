import { ArrowDown, ArrowUp } from 'lucide-react';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { cn } from '@/lib/utils';
import type { PriceDirection } from '@/stores/priceStore';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

// One query list for every ticking row: `matchMedia` builds a new one per call, and each price
// cell read it on every render (issue 17). A MediaQueryList's `matches` is live; a replaced
// `matchMedia` (tests stub it) gets a list of its own.
let reducedMotionQuery: { source: typeof window.matchMedia; list: MediaQueryList } | null = null;
function reducedMotionNow(): boolean {
  if (typeof window === 'undefined' || !window.matchMedia) return false;
  if (reducedMotionQuery?.source !== window.matchMedia) {
    reducedMotionQuery = { source: window.matchMedia, list: window.matchMedia(REDUCED_MOTION) };
  }
  return reducedMotionQuery.list.matches;
}

/** Whether the reader asked for less motion, following changes to the setting. */
export function useReducedMotion(): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    if (typeof window === 'undefined' || !window.matchMedia) return () => {};
    const list = window.matchMedia(REDUCED_MOTION);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return useSyncExternalStore(subscribe, reducedMotionNow, () => false);
}

/**
 * Which way to mark a price: while it flashes, the way it last moved (SPEC §4). With reduced motion
 * there is no flash: the mark is static and stays until the price moves again.
 */
export function useTickDirection(direction: PriceDirection | null): PriceDirection | null {
  const reduced = useReducedMotion();
  const [last, setLast] = useState<PriceDirection | null>(direction);
  if (direction !== null && direction !== last) setLast(direction);
  return reduced ? (direction ?? last) : direction;
}

/** Text colour of a price that moved: green up, red down (with the arrow beside it, never alone). */
export function tickColor(direction: PriceDirection | null): string {
  if (direction === 'up') return 'text-buy';
  if (direction === 'down') return 'text-sell';
  return '';
}

/**
 * The arrow beside a price that moved, so the change does not rest on colour alone (WCAG 1.4.1).
 * Decorative: its slot is always there, so the price does not shift when it appears.
 */
export function TickArrow({
  direction,
  className,
}: {
  direction: PriceDirection | null;
  className?: string;
}) {
  const Arrow = direction === 'up' ? ArrowUp : direction === 'down' ? ArrowDown : null;
  return (
    <span
      aria-hidden="true"
      data-tick-arrow=""
      data-tick={direction ?? undefined}
      className={cn('inline-flex w-3 shrink-0 justify-center', tickColor(direction), className)}
    >
      {Arrow ? <Arrow className="size-3" strokeWidth={2.5} /> : null}
    </span>
  );
}

/** The colour transition of a flashing price; none under reduced motion. */
export const TICK_TRANSITION = 'motion-safe:transition-colors motion-safe:duration-300';
