import type { Browser, Page } from 'playwright-core';
import { loginDemo } from './login.ts';

/** Issue 6 targets under load. */
export const LONG_TASK_TARGET_MS = 50;
export const INPUT_DELAY_TARGET_MS = 100;

interface LongTask {
  start: number;
  duration: number;
}

interface EventEntry {
  name: string;
  start: number;
  duration: number;
  inputDelay: number;
  processing: number;
}

interface BenchState {
  longTasks: LongTask[];
  events: EventEntry[];
  /** `data:update` / `data:packed` frames and the price entries in them, as received on the socket. */
  frames: number;
  entries: number;
  /** Mutation callbacks on the two lists and the distinct rows (options) they touched. */
  rowUpdates: number;
  mutationRecords: number;
}

declare global {
  interface Window {
    __bench: BenchState;
  }
}

/** Runs in the page before any app script: long tasks, event timing, socket frame counts. */
function instrument(): void {
  const state: BenchState = {
    longTasks: [],
    events: [],
    frames: 0,
    entries: 0,
    rowUpdates: 0,
    mutationRecords: 0,
  };
  window.__bench = state;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[]) {
      state.events.push({
        name: e.name,
        start: e.startTime,
        duration: e.duration,
        inputDelay: e.processingStart - e.startTime,
        processing: e.processingEnd - e.processingStart,
      });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  const Original = window.WebSocket;
  class CountingSocket extends Original {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (ev: MessageEvent) => {
        const data: unknown = ev.data;
        if (typeof data !== 'string') return;
        // The terminal's own socket gets `data:packed` (a flat array, ten numbers per price).
        const packed = data.indexOf('"data:packed"');
        if (packed >= 0 && packed <= 40) {
          state.frames += 1;
          const numbers = data.slice(data.indexOf('[', packed + 13)).split(',').length;
          state.entries += Math.floor(numbers / 10);
          return;
        }
        const head = data.indexOf('"data:update"');
        if (head < 0 || head > 40) return;
        state.frames += 1;
        let at = data.indexOf('"id":', head);
        while (at >= 0) {
          state.entries += 1;
          at = data.indexOf('"id":', at + 5);
        }
      });
    }
  }
  window.WebSocket = CountingSocket;
}

/** Counts DOM row updates in the market-watch panel and the right-hand watch list. */
async function observeRows(page: Page): Promise<void> {
  await page.evaluate(() => {
    const state = window.__bench;
    const observer = new MutationObserver((records) => {
      const rows = new Set<Element>();
      for (const r of records) {
        const node = r.target instanceof Element ? r.target : r.target.parentElement;
        const row = node?.closest('[role="option"]');
        if (row) rows.add(row);
      }
      state.mutationRecords += records.length;
      state.rowUpdates += rows.size;
    });
    for (const id of ['market-watch', 'watch-list']) {
      const el = document.querySelector(`[data-testid="${id}"] [role="listbox"]`);
      if (el) observer.observe(el, { subtree: true, characterData: true, childList: true, attributes: true });
    }
  });
}

export interface WindowStats {
  seconds: number;
  longTasks: number;
  maxLongTaskMs: number;
  /** Sum of (duration − 50 ms) over long tasks, per second of window. */
  blockingMsPerS: number;
  framesPerS: number;
  entriesPerS: number;
  rowUpdatesPerS: number;
}

export interface TerminalResult {
  name: string;
  throttle: number;
  visibleRows: { marketWatch: number; watchList: number; totalInstruments: number };
  passive: WindowStats;
  interactive: WindowStats;
  interactions: number;
  eventEntries: number;
  maxInputDelayMs: number;
  maxEventDurationMs: number;
  worstEvent: string;
}

async function snapshot(page: Page) {
  return page.evaluate(() => {
    const s = window.__bench;
    return {
      now: performance.now(),
      frames: s.frames,
      entries: s.entries,
      rowUpdates: s.rowUpdates,
    };
  });
}

type Snap = Awaited<ReturnType<typeof snapshot>>;

async function stats(page: Page, from: Snap, to: Snap): Promise<WindowStats> {
  const tasks = await page.evaluate(
    ([a, b]) => window.__bench.longTasks.filter((t) => t.start >= a && t.start < b),
    [from.now, to.now] as const,
  );
  const seconds = (to.now - from.now) / 1000;
  return {
    seconds,
    longTasks: tasks.length,
    maxLongTaskMs: Math.max(0, ...tasks.map((t) => t.duration)),
    blockingMsPerS: tasks.reduce((s, t) => s + Math.max(0, t.duration - 50), 0) / seconds,
    framesPerS: (to.frames - from.frames) / seconds,
    entriesPerS: (to.entries - from.entries) / seconds,
    rowUpdatesPerS: (to.rowUpdates - from.rowUpdates) / seconds,
  };
}

/** User actions during the load: row clicks in both lists, a pair tab, typing, a panel toggle. */
async function interact(page: Page, gapMs: number): Promise<number> {
  const marketRows = page.locator('[data-testid="market-watch"] [role="option"]');
  const watchRows = page.locator('[data-testid="watch-list"] [role="option"]');
  const actions: (() => Promise<void>)[] = [
    () => marketRows.nth(3).click(),
    () => watchRows.nth(5).click(),
    () => marketRows.nth(6).click(),
    () =>
      page.locator('[data-testid="pair-tabs"] li[data-pair-id]:not([data-active]) button').first().click(),
    () => page.getByLabel('Search watch list').click(),
    () => page.keyboard.type('EU', { delay: 150 }),
    () => page.keyboard.press('Backspace'),
    () => page.keyboard.press('Backspace'),
    () => page.getByRole('button', { name: 'Active Orders', exact: true }).click(),
    () => page.getByRole('button', { name: 'Market Watch', exact: true }).click(),
    () => marketRows.nth(2).click(),
  ];
  for (const act of actions) {
    await act();
    await page.waitForTimeout(gapMs);
  }
  return actions.length;
}

export async function measureTerminal(
  browser: Browser,
  url: string,
  opts: { name: string; throttle: number; windowMs: number },
): Promise<TerminalResult> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  try {
    // tsx keeps function names with a `__name` helper the page does not have; define it first.
    await page.addInitScript({ content: `var __name = (f) => f; (${instrument.toString()})();` });
    await loginDemo(page, url);
    await page.goto(`${url}/mt4`);
    await page.getByTestId('terminal').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Market Watch', exact: true }).click();
    await page.locator('[data-testid="market-watch"] [role="option"]').first().waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="watch-list"] [role="option"]').first().waitFor({ timeout: 30_000 });
    await observeRows(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: opts.throttle });
    await page.waitForTimeout(3_000); // settle: chart load, first frames under throttle
    const visibleRows = await page.evaluate(() => ({
      marketWatch: document.querySelectorAll('[data-testid="market-watch"] [role="option"]').length,
      watchList: document.querySelectorAll('[data-testid="watch-list"] [role="option"]').length,
      totalInstruments: Number(
        document.querySelector('[data-testid="market-watch"] [role="listbox"]')?.getAttribute('data-total') ??
          0,
      ),
    }));

    const a = await snapshot(page);
    await page.waitForTimeout(opts.windowMs);
    const b = await snapshot(page);
    const interactions = await interact(page, 700);
    await page.waitForTimeout(1_000);
    const c = await snapshot(page);

    const events = await page.evaluate((from) => window.__bench.events.filter((e) => e.start >= from), b.now);
    const worst = events.reduce<EventEntry | null>(
      (w, e) => (w === null || e.duration > w.duration ? e : w),
      null,
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return {
      name: opts.name,
      throttle: opts.throttle,
      visibleRows,
      passive: await stats(page, a, b),
      interactive: await stats(page, b, c),
      interactions,
      eventEntries: events.length,
      maxInputDelayMs: Math.max(0, ...events.map((e) => e.inputDelay)),
      maxEventDurationMs: Math.max(0, ...events.map((e) => e.duration)),
      worstEvent: worst
        ? `${worst.name} ${worst.duration.toFixed(0)} ms (delay ${worst.inputDelay.toFixed(0)}, processing ${worst.processing.toFixed(0)})`
        : 'none ≥ 16 ms',
    };
  } finally {
    await context.close();
  }
}
