import { type AssetType, DEFAULT_TICK_BAND, type TickBandOptions, TickBands } from '@openbroker/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sigmaOver } from './classProfiles.ts';
import type { Tick } from './FeedSource.ts';

/** A tick that was held back: what it said and the band it fell outside. */
export interface QuarantinedTick {
  assetId: number;
  symbol: string;
  price: number;
  /** When the tick was stamped (ms since the epoch). */
  at: number;
  low: number;
  high: number;
}

/** What the guard needs to know of an instrument the first time it ticks. */
export interface GuardedInstrument {
  symbol: string;
  /** Volatility scale of the band (a standard deviation of log returns). */
  scale: number;
  /** Last known price, where the band starts. */
  lastPrice?: number;
}

/**
 * The band's volatility scale for an instrument: its class's daily volatility (forex 0.42%, crypto
 * 3.1%, stocks and commodities 1.6%, indices and metals 0.94%), so PRICE_BAND_MULTIPLE counts daily σ.
 */
export function bandScale(type: AssetType): number {
  return sigmaOver(type, 86_400_000);
}

/** Quarantined ticks kept per instrument for staff to look at. */
export const RECENT_QUARANTINES = 100;

/**
 * Price integrity on the feed node (issue 12): every batch a source emits passes through here before
 * it is published, so quotes, candles, the risk engine and the price sockets on every node see only
 * accepted ticks. A tick outside its instrument's band ({@link TickBands}) is dropped, logged and
 * counted until following ticks confirm the new level.
 */
export class PriceGuard {
  private readonly bands: TickBands;
  private readonly names = new Map<number, string>();
  private readonly recentBy = new Map<number, QuarantinedTick[]>();
  private total = 0;

  constructor(
    private readonly deps: {
      log: FastifyBaseLogger;
      /** The instrument a tick is for, or undefined for one this node does not know (passed through). */
      instrument: (assetId: number) => GuardedInstrument | undefined;
      options?: TickBandOptions;
    },
  ) {
    this.bands = new TickBands(deps.options ?? DEFAULT_TICK_BAND);
  }

  /** Ticks quarantined since start. */
  get count(): number {
    return this.total;
  }

  /**
   * The accepted ticks of a batch, in order: the batch itself when nothing was held back (the
   * usual case, no copy).
   */
  filter(ticks: Tick[]): Tick[] {
    let out: Tick[] | undefined;
    for (let i = 0; i < ticks.length; i++) {
      const t = ticks[i] as Tick;
      if (this.accepts(t)) out?.push(t);
      else out ??= ticks.slice(0, i);
    }
    return out ?? ticks;
  }

  /**
   * Recently quarantined ticks, newest first: one instrument's (up to {@link RECENT_QUARANTINES}),
   * or the newest {@link RECENT_QUARANTINES} across all instruments.
   */
  recent(assetId?: number): QuarantinedTick[] {
    if (assetId !== undefined) return [...(this.recentBy.get(assetId) ?? [])].reverse();
    return [...this.recentBy.values()]
      .flat()
      .sort((a, b) => b.at - a.at)
      .slice(0, RECENT_QUARANTINES);
  }

  private accepts(t: Tick): boolean {
    let band = this.bands.get(t.assetId);
    if (!band) {
      const inst = this.deps.instrument(t.assetId);
      if (!inst) return true;
      band = this.bands.track(t.assetId, inst.scale, inst.lastPrice);
      this.names.set(t.assetId, inst.symbol);
    }
    const verdict = band.offer(t.price);
    if (verdict === 'accepted') return true;
    const symbol = this.names.get(t.assetId) ?? String(t.assetId);
    if (verdict === 'confirmed') {
      this.deps.log.info(
        { assetId: t.assetId, symbol, price: t.price },
        'price level confirmed after quarantine',
      );
      return true;
    }
    const entry: QuarantinedTick = {
      assetId: t.assetId,
      symbol,
      price: t.price,
      at: t.at,
      low: band.low,
      high: band.high,
    };
    this.total++;
    let list = this.recentBy.get(t.assetId);
    if (!list) {
      list = [];
      this.recentBy.set(t.assetId, list);
    }
    list.push(entry);
    if (list.length > RECENT_QUARANTINES) list.shift();
    this.deps.log.warn(
      { assetId: t.assetId, symbol, price: t.price, band: [entry.low, entry.high] },
      'price tick quarantined: outside its band',
    );
    return false;
  }
}
