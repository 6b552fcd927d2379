import {
  bucketStart,
  type Candle,
  type CandleInterval,
  INTERVAL_MS,
  type LivePriceUpdate,
  MAX_CANDLES_PER_REQUEST,
  pairIndex,
  pairRateLookup,
  type RateLookup,
  type TickBandOptions,
} from '@openbroker/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import {
  type AssetRow,
  claimBackfill,
  earliestCandle,
  hourlySince,
  lastCloses,
  listAssets,
  queryCandles,
  upsertCandles,
} from '../modules/assets/repo.ts';
import { assetsByIds } from '../modules/instruments/repo.ts';
import type { Bus } from '../realtime/bus.ts';
import { CandleBuilder } from './CandleBuilder.ts';
import type { FeedInstrument, FeedSource, Tick } from './FeedSource.ts';
import { generateHistory } from './history.ts';
import { bandScale, PriceGuard } from './PriceGuard.ts';
import { QuoteBook } from './QuoteBook.ts';

/** Told which instruments were reloaded (changed, added, enabled or disabled by staff). */
export type InstrumentsListener = (rows: AssetRow[]) => void;

/** How often forming candles are saved, so a restart loses at most this much of the chart. */
const SAVE_EVERY_MS = 30_000;

export interface MarketDataDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
  log: FastifyBaseLogger;
  seed: number;
  /** The price band (PRICE_BAND_TICKS, PRICE_BAND_MULTIPLE, PRICE_CONFIRM_TICKS); domain defaults without. */
  priceBand?: TickBandOptions;
}

/**
 * The market in memory: instruments, the latest quotes and forming candles, fed by ticks from
 * the bus. Nothing on the tick path touches the database; candles are saved in batches.
 */
export class MarketData {
  readonly quotes = new QuoteBook();
  readonly candles = new CandleBuilder();
  /**
   * Price integrity on the feed node: sources' ticks outside their band are held back here before
   * they reach the bus (counted, logged, and the recent ones listed by `quarantine.recent()`).
   */
  readonly quarantine: PriceGuard;
  /**
   * Every instrument, disabled ones too: a disabled instrument is hidden from the catalogue and
   * refuses new orders, but positions already open on it are still valued and can be closed.
   */
  private instruments = new Map<number, AssetRow>();
  /** The enabled ones in id order (the catalogue), rebuilt when instruments reload. */
  private enabled: readonly AssetRow[] = [];
  private bySymbol = new Map<string, AssetRow>();
  private readonly instrumentListeners = new Set<InstrumentsListener>();
  /** Reloads run one after another, so the last one always reads the latest committed rows. */
  private reloading: Promise<unknown> = Promise.resolve();
  private unsubscribeInstruments: (() => void) | undefined;
  /** Live rates of the currency pairs, for converting amounts between currencies (set by `load`). */
  private rates: RateLookup = () => undefined;
  private saveTimer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private source: FeedSource | undefined;
  private saving: Promise<void> = Promise.resolve();

  constructor(private readonly deps: MarketDataDeps) {
    this.quarantine = new PriceGuard({
      log: deps.log,
      options: deps.priceBand,
      instrument: (id) => {
        const inst = this.instruments.get(id);
        return (
          inst && {
            symbol: inst.symbol,
            scale: bandScale(inst.type),
            lastPrice: this.quotes.get(id)?.price,
          }
        );
      },
    });
  }

  /** Loads instruments, last prices and the last day's hourly candles, then follows the bus. */
  async load(): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const [rows, closes, hourly] = await Promise.all([
      listAssets(this.deps.db),
      lastCloses(this.deps.db),
      hourlySince(this.deps.db, now - 86_400_000),
    ]);
    this.instruments = new Map(rows.map((r) => [r.id, r]));
    this.reindex();
    const byAsset = new Map<
      number,
      { start: number; open: number; high: number; low: number; volume: number }[]
    >();
    for (const c of hourly) {
      const list = byAsset.get(c.assetId) ?? [];
      list.push({ start: c.startMs, open: c.open, high: c.high, low: c.low, volume: c.volume });
      byAsset.set(c.assetId, list);
    }
    for (const r of rows)
      this.quotes.seed(r.id, closes.get(r.id) ?? r.referencePrice, now, byAsset.get(r.id));
    this.unsubscribe = this.deps.bus.subscribe('price.ticks', (ticks) => this.onTicks(ticks));
    // Staff edits reach every node's market (and through it quotes, orders, risk and the feed).
    this.unsubscribeInstruments = this.deps.bus.subscribe('instruments.updated', ({ ids }) => {
      this.reload(ids).catch((e: unknown) =>
        this.deps.log.error({ err: e, ids }, 'reloading instruments failed'),
      );
    });
    this.saveTimer = setInterval(() => void this.save(), SAVE_EVERY_MS);
    this.saveTimer.unref();
  }

  /**
   * Runs a price source (the feed role) and publishes its batches on the bus, less any tick the
   * price band quarantines: filtered once here, every node's quotes, candles, risk engine and price
   * sockets see only accepted ticks.
   */
  runSource(source: FeedSource): void {
    this.source = source;
    // An instrument added or changed by staff is walked (or re-timed) by the running source at once.
    source.start((ticks) => {
      const accepted = this.quarantine.filter(ticks);
      if (accepted.length > 0) this.deps.bus.publish('price.ticks', accepted);
    });
  }

  /** Any instrument by id, disabled ones too (open positions on them are still valued). */
  instrument(id: number): AssetRow | undefined {
    return this.instruments.get(id);
  }

  /** The enabled instruments: the catalogue customers see and trade. */
  allInstruments(): readonly AssetRow[] {
    return this.enabled;
  }

  /** An enabled instrument by its symbol. */
  instrumentBySymbol(symbol: string): AssetRow | undefined {
    return this.bySymbol.get(symbol);
  }

  /** What a price source walks: every instrument (disabled ones keep prices for their positions). */
  feedInstruments(): FeedInstrument[] {
    return [...this.instruments.values()].map((a) => this.feedInstrument(a));
  }

  private feedInstrument(a: AssetRow): FeedInstrument {
    return {
      id: a.id,
      type: a.type,
      exchangeZone: a.exchangeZone,
      sessions: a.sessions,
      decimals: a.decimals,
      startPrice: this.quotes.get(a.id)?.price ?? a.referencePrice,
    };
  }

  /** Listens to instrument reloads; returns the unsubscribe. */
  onInstrumentsChanged(listener: InstrumentsListener): () => void {
    this.instrumentListeners.add(listener);
    return () => this.instrumentListeners.delete(listener);
  }

  /**
   * Re-reads instruments from the database after staff changed or added them: new spreads,
   * leverage, contract size, hours and enabled state apply from the next quote, order and check;
   * a new instrument gets a quote (its last close or reference price) and the running source walks it.
   */
  reload(ids: number[]): Promise<AssetRow[]> {
    const run = this.reloading.then(async () => {
      const rows = await assetsByIds(this.deps.db, ids);
      if (rows.length === 0) return rows;
      const fresh = rows.filter((r) => !this.quotes.get(r.id));
      const closes = fresh.length > 0 ? await lastCloses(this.deps.db) : new Map<number, number>();
      const now = this.deps.clock.now().getTime();
      for (const r of rows) this.instruments.set(r.id, r);
      for (const r of fresh) this.quotes.seed(r.id, closes.get(r.id) ?? r.referencePrice, now);
      this.reindex();
      this.source?.updateInstruments?.(rows.map((r) => this.feedInstrument(r)));
      for (const listener of this.instrumentListeners) listener(rows);
      return rows;
    });
    this.reloading = run.catch(() => undefined);
    return run;
  }

  /** The catalogue, the symbol index and the currency pairs, from the instrument map. */
  private reindex(): void {
    const all = [...this.instruments.values()].sort((a, b) => a.id - b.id);
    this.enabled = all.filter((a) => a.enabled);
    this.bySymbol = new Map(this.enabled.map((a) => [a.symbol, a]));
    const pairs = pairIndex(
      all.map((r) => ({ id: r.id, type: r.type, base: r.baseCurrency, quote: r.quoteCurrency })),
    );
    this.rates = pairRateLookup(pairs, (id) => this.quotes.get(id)?.price);
  }

  quote(id: number): LivePriceUpdate | undefined {
    return this.quotes.get(id);
  }

  /** Live mid rate of a currency pair (a `RateLookup` for `toAccountCurrency`), or undefined. */
  readonly rate: RateLookup = (base, quote) => this.rates(base, quote);

  private onTicks(ticks: Tick[]): void {
    for (const t of ticks) {
      if (!this.instruments.has(t.assetId)) continue;
      this.quotes.apply(t);
      this.candles.apply(t);
    }
  }

  /** Saves closed and forming candles; one save at a time. */
  save(): Promise<void> {
    this.saving = this.saving.then(async () => {
      const rows = [...this.candles.takeClosed(), ...this.candles.takeDirty()];
      if (rows.length === 0) return;
      try {
        await upsertCandles(this.deps.db, rows);
      } catch (e) {
        this.deps.log.error({ err: e }, 'saving candles failed');
      }
    });
    return this.saving;
  }

  /**
   * Candles for a chart: history is generated once per instrument and interval (ending where
   * stored live candles begin), stored, then merged with the candle still forming.
   */
  async candlesFor(assetId: number, interval: CandleInterval, from: number, to: number): Promise<Candle[]> {
    const inst = this.instruments.get(assetId);
    if (!inst) return [];
    await this.backfill(inst, interval);
    const current = this.candles.current(assetId, interval);
    const stored = await queryCandles(this.deps.db, assetId, interval, from, to, MAX_CANDLES_PER_REQUEST);
    if (current && current.time >= from && current.time < to) {
      if (stored.at(-1)?.time === current.time) stored.pop();
      stored.push({ ...current });
      if (stored.length > MAX_CANDLES_PER_REQUEST) stored.shift();
    }
    return stored;
  }

  private async backfill(inst: AssetRow, interval: CandleInterval): Promise<void> {
    if (!(await claimBackfill(this.deps.db, inst.id, interval))) return;
    const now = this.deps.clock.now().getTime();
    const first =
      (await earliestCandle(this.deps.db, inst.id, interval)) ?? this.candles.current(inst.id, interval);
    const endBefore = first?.time ?? bucketStart(now, interval) + INTERVAL_MS[interval];
    const endPrice = first?.open ?? this.quote(inst.id)?.price ?? inst.referencePrice;
    const history = generateHistory({
      assetId: inst.id,
      type: inst.type,
      exchangeZone: inst.exchangeZone,
      sessions: inst.sessions,
      decimals: inst.decimals,
      interval,
      endBefore,
      endPrice,
      seed: this.deps.seed,
    });
    await upsertCandles(
      this.deps.db,
      history.map((c) => ({ ...c, assetId: inst.id, interval })),
    );
  }

  async close(): Promise<void> {
    this.source?.stop();
    this.unsubscribe?.();
    this.unsubscribeInstruments?.();
    if (this.saveTimer) clearInterval(this.saveTimer);
    await this.save();
  }
}
