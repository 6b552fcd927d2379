import {
  type AssetType,
  CANDLE_INTERVALS,
  type Candle,
  type CandleInterval,
  HISTORY_SPAN_MS,
  INTERVAL_MS,
  isMarketOpen,
  scheduleFor,
  type WeeklySessions,
} from '@openbroker/domain';
import { roundPrice, sigmaOver } from './classProfiles.ts';
import { mixSeed, normal, seededRandom } from './random.ts';

export interface HistoryRequest {
  assetId: number;
  type: AssetType;
  exchangeZone: string;
  /** Staff's own sessions, if any: history has gaps where the market is closed. */
  sessions?: WeeklySessions | null;
  decimals: number;
  interval: CandleInterval;
  /** The history ends where live data begins: this bucket start is not generated. */
  endBefore: number;
  /** The price the generated history must arrive at (the first live open, or the current price). */
  endPrice: number;
  seed: number;
}

const SUBSTEPS = 4;

/** Whether any part of a bucket falls inside trading hours (checked at a few points in it). */
function bucketTrades(start: number, size: number, isOpen: (at: number) => boolean): boolean {
  const probes = Math.min(24, Math.max(1, Math.round(size / 900_000)));
  for (let i = 0; i < probes; i++) if (isOpen(start + (i * size) / probes)) return true;
  return false;
}

/**
 * Back-fills an instrument's chart history deterministically: a random walk run backwards from
 * the price where live data starts, only through buckets the market trades, so charts have data
 * from the first minute and every candle joins the next one.
 */
export function generateHistory(req: HistoryRequest): Candle[] {
  const size = INTERVAL_MS[req.interval];
  const schedule = scheduleFor(req.type, req.exchangeZone, req.sessions);
  const isOpen = (at: number) => isMarketOpen(schedule, new Date(at));
  const rand = seededRandom(mixSeed(req.seed, req.assetId, CANDLE_INTERVALS.indexOf(req.interval), 0x43));
  const sigma = sigmaOver(req.type, size / SUBSTEPS);
  const out: Candle[] = [];
  let close = req.endPrice;
  for (
    let start = req.endBefore - size;
    start >= req.endBefore - HISTORY_SPAN_MS[req.interval];
    start -= size
  ) {
    if (!bucketTrades(start, size, isOpen)) continue;
    let price = close;
    let high = close;
    let low = close;
    for (let i = 0; i < SUBSTEPS; i++) {
      price = price * Math.exp(sigma * normal(rand));
      high = Math.max(high, price);
      low = Math.min(low, price);
    }
    const open = roundPrice(price, req.decimals);
    out.push({
      time: start,
      open,
      high: roundPrice(Math.max(high, open, close), req.decimals),
      low: roundPrice(Math.min(low, open, close), req.decimals),
      close: roundPrice(close, req.decimals),
      volume: Math.round(1000 * rand() * 100) / 100,
    });
    close = open;
  }
  return out.reverse();
}
