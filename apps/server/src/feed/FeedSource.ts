import type { AssetType, PriceTick, WeeklySessions } from '@openbroker/domain';

/** One price observation (SPEC §3 "rate"); the bus carries batches of them. */
export type Tick = PriceTick;

/** What a source needs to know of an instrument. */
export interface FeedInstrument {
  id: number;
  type: AssetType;
  exchangeZone: string;
  /** Staff's own trading sessions; null/undefined: the type's hours. */
  sessions?: WeeklySessions | null;
  /** Where the walk starts: the last known price, else the reference price. */
  startPrice: number;
  decimals: number;
}

/**
 * Where prices come from (DESIGN §8): the simulated walk by default, a CSV replay, or a vendor.
 * A source emits batches; the feed service publishes them on the bus and keeps the quote book.
 */
export interface FeedSource {
  start(emit: (ticks: Tick[]) => void): void;
  stop(): void;
  /**
   * Staff added or changed instruments: a source that can walks a new one from its start price
   * and re-reads a known one's hours and decimals (its price path continues). Optional: a replay
   * plays what it recorded.
   */
  updateInstruments?(instruments: FeedInstrument[]): void;
}

/**
 * Runs a source's `step` on a timer and emits non-empty batches; `finished` stops the timer once
 * a finite source (a replay) has nothing left.
 */
export function steppedSource(
  step: () => Tick[],
  stepMs: number,
  finished: () => boolean = () => false,
  updateInstruments?: (instruments: FeedInstrument[]) => void,
): FeedSource & { step(): Tick[] } {
  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
  };
  return {
    step,
    updateInstruments,
    start(emit) {
      timer = setInterval(() => {
        const ticks = step();
        if (ticks.length > 0) emit(ticks);
        if (finished()) stop();
      }, stepMs);
      timer.unref();
    },
    stop,
  };
}
