import { readFileSync } from 'node:fs';
import { type FeedSource, steppedSource, type Tick } from './FeedSource.ts';

export interface ReplayRow {
  /** Offset from the first row, ms. */
  offsetMs: number;
  symbol: string;
  price: number;
  volume: number;
}

/**
 * Parses a tick file: a header line, then `time,symbol,price[,volume]` rows where time is ms
 * since the epoch or an ISO date. Bad rows are reported with their line numbers, not skipped.
 */
export function parseTickCsv(text: string): ReplayRow[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const rows: ReplayRow[] = [];
  const errors: string[] = [];
  let first: number | undefined;
  lines.slice(1).forEach((line, i) => {
    const [time = '', symbol = '', price = '', volume = '0'] = line.split(',').map((c) => c.trim());
    const at = /^\d+$/.test(time) ? Number(time) : Date.parse(time);
    const p = Number(price);
    if (!Number.isFinite(at) || !symbol || !(p > 0) || !Number.isFinite(Number(volume))) {
      errors.push(`line ${i + 2}: ${line}`);
      return;
    }
    first ??= at;
    rows.push({ offsetMs: at - first, symbol, price: p, volume: Number(volume) });
  });
  if (errors.length > 0) throw new Error(`Bad tick rows:\n${errors.slice(0, 10).join('\n')}`);
  return rows.sort((a, b) => a.offsetMs - b.offsetMs);
}

/**
 * Replays recorded ticks through the same interface as the simulation, at the recorded pace
 * (times `speed`), stamped with the time they are replayed. Unknown symbols are ignored.
 */
export function createReplayFeed(opts: {
  rows: ReplayRow[];
  idBySymbol: ReadonlyMap<string, number>;
  now: () => number;
  speed?: number;
  stepMs?: number;
}): FeedSource & { step(): Tick[] } {
  const speed = opts.speed ?? 1;
  let startedAt: number | undefined;
  let cursor = 0;

  function step(): Tick[] {
    const now = opts.now();
    startedAt ??= now;
    const replayedUpTo = (now - startedAt) * speed;
    const ticks: Tick[] = [];
    while (cursor < opts.rows.length && (opts.rows[cursor]?.offsetMs ?? Infinity) <= replayedUpTo) {
      const row = opts.rows[cursor++] as ReplayRow;
      const assetId = opts.idBySymbol.get(row.symbol);
      if (assetId !== undefined) ticks.push({ assetId, price: row.price, at: now, volume: row.volume });
    }
    return ticks;
  }

  return steppedSource(step, opts.stepMs ?? 50, () => cursor >= opts.rows.length);
}

export function loadTickFile(path: string): ReplayRow[] {
  return parseTickCsv(readFileSync(path, 'utf8'));
}
