/** Where the registry sends its diffs: the connected price socket's `subscribe` / `unsubscribe`. */
export interface InterestSink {
  subscribe(ids: number[]): void;
  unsubscribe(ids: number[]): void;
}

export interface PriceInterestOptions {
  /** The least time between two diffs sent (issue 17: at most every ~100–250 ms). */
  intervalMs?: number;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * Which instruments this page shows a price of (issue 17 "Bytes on the wire"): the price socket
 * subscribes to these rather than to the whole catalogue. Interest is ref-counted, since a row,
 * the chart and an open position may all show the same instrument.
 */
export interface PriceInterest {
  /** Declares interest in `ids` until the returned release is called (once; later calls do nothing). */
  retain(ids: Iterable<number>): () => void;
  /** Ids with at least one holder, in the order they were first held. */
  held(): number[];
  /**
   * The socket to keep in step, or null while there is none. A new sink gets everything held at
   * once: the server forgets a connection's subscriptions when it drops (reconnect re-subscribes).
   */
  attach(sink: InterestSink | null): void;
  /** Sends the pending diff now rather than at the end of the window. */
  flush(): void;
}

/** The server takes up to 5,000 symbols a call (`priceSubscriptionSchema`); stay well under it. */
const CHUNK = 1_000;

/** Our ids are positive integers; anything else cannot be subscribed to and is not sent. */
const usable = (id: number) => Number.isSafeInteger(id) && id > 0;

export const PRICE_INTEREST_INTERVAL_MS = 150;

export function createPriceInterest(options: PriceInterestOptions = {}): PriceInterest {
  const intervalMs = options.intervalMs ?? PRICE_INTEREST_INTERVAL_MS;
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer =
    options.clearTimer ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const counts = new Map<number, number>();
  // What the server holds for the current sink.
  let sent = new Set<number>();
  let sink: InterestSink | null = null;
  let timer: unknown = null;
  let lastSentAt = Number.NEGATIVE_INFINITY;

  const send = (ids: number[], emit: (chunk: number[]) => void) => {
    for (let i = 0; i < ids.length; i += CHUNK) emit(ids.slice(i, i + CHUNK));
  };

  function flush(): void {
    if (timer !== null) clearTimer(timer);
    timer = null;
    if (!sink) return;
    const added = [...counts.keys()].filter((id) => !sent.has(id));
    const removed = [...sent].filter((id) => !counts.has(id));
    if (added.length === 0 && removed.length === 0) return;
    const target = sink;
    send(added, (chunk) => target.subscribe(chunk));
    send(removed, (chunk) => target.unsubscribe(chunk));
    sent = new Set(counts.keys());
    lastSentAt = now();
  }

  /**
   * Changes within one window go as one diff, so a list scrolling (rows mounting and unmounting)
   * costs a message per window, and a row that leaves and comes back within it costs nothing.
   */
  function schedule(): void {
    if (timer !== null || !sink) return;
    timer = setTimer(flush, Math.max(0, lastSentAt + intervalMs - now()));
  }

  return {
    retain(ids) {
      const mine = [...new Set(ids)].filter(usable);
      for (const id of mine) counts.set(id, (counts.get(id) ?? 0) + 1);
      if (mine.length > 0) schedule();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        for (const id of mine) {
          const left = (counts.get(id) ?? 1) - 1;
          if (left > 0) counts.set(id, left);
          else counts.delete(id);
        }
        if (mine.length > 0) schedule();
      };
    },
    held: () => [...counts.keys()],
    attach(next) {
      if (timer !== null) clearTimer(timer);
      timer = null;
      sink = next;
      sent = new Set();
      flush();
    },
    flush,
  };
}

/** The app's one registry; the app's price client keeps it in step with its socket. */
export const priceInterest: PriceInterest = createPriceInterest();
