import type { LivePriceUpdate } from '@openbroker/domain';
import type { Tick } from './FeedSource.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface HourBucket {
  start: number;
  open: number;
  high: number;
  low: number;
  volume: number;
}

interface Book {
  quote: LivePriceUpdate;
  buckets: HourBucket[];
  /** Aggregates of every bucket but the current one, recomputed only when the hour rolls. */
  restHigh: number;
  restLow: number;
  restVolume: number;
}

/**
 * The latest quote per instrument with its 24 h high, low, change and volume (SPEC §3 live price
 * update). A tick costs O(1): the 24 h window is kept as hourly buckets whose totals are redone
 * once an hour, not on every tick.
 */
export class QuoteBook {
  private readonly books = new Map<number, Book>();

  /** Seeds an instrument with its starting price and, if known, the hourly candles of the last day. */
  seed(assetId: number, price: number, at: number, history: HourBucket[] = []): void {
    const buckets = history.filter((b) => b.start > at - DAY_MS).sort((a, b) => a.start - b.start);
    const quote: LivePriceUpdate = {
      id: assetId,
      price,
      priceLow24h: price,
      priceHigh24h: price,
      change24h: 0,
      changePercent24h: 0,
      volume24h: 0,
      lastUpdated: at,
    };
    const book: Book = { quote, buckets, restHigh: -Infinity, restLow: Infinity, restVolume: 0 };
    this.books.set(assetId, book);
    this.apply({ assetId, price, at, volume: 0 });
  }

  apply(tick: Tick): LivePriceUpdate | undefined {
    const book = this.books.get(tick.assetId);
    if (!book) return undefined;
    const hour = Math.floor(tick.at / HOUR_MS) * HOUR_MS;
    let current = book.buckets.at(-1);
    if (!current || current.start !== hour) {
      current = { start: hour, open: tick.price, high: tick.price, low: tick.price, volume: 0 };
      book.buckets.push(current);
      this.roll(book, tick.at);
    }
    current.high = Math.max(current.high, tick.price);
    current.low = Math.min(current.low, tick.price);
    current.volume += tick.volume;

    const open24 = book.buckets[0]?.open ?? tick.price;
    const q = book.quote;
    q.price = tick.price;
    q.priceHigh24h = Math.max(book.restHigh, current.high);
    q.priceLow24h = Math.min(book.restLow, current.low);
    q.volume24h = book.restVolume + current.volume;
    q.change24h = tick.price - open24;
    q.changePercent24h = open24 > 0 ? (q.change24h / open24) * 100 : 0;
    q.lastUpdated = tick.at;
    return q;
  }

  get(assetId: number): LivePriceUpdate | undefined {
    return this.books.get(assetId)?.quote;
  }

  all(): LivePriceUpdate[] {
    return [...this.books.values()].map((b) => b.quote);
  }

  private roll(book: Book, now: number): void {
    while (book.buckets.length > 0 && (book.buckets[0]?.start ?? 0) <= now - DAY_MS) book.buckets.shift();
    book.restHigh = -Infinity;
    book.restLow = Infinity;
    book.restVolume = 0;
    for (const b of book.buckets.slice(0, -1)) {
      book.restHigh = Math.max(book.restHigh, b.high);
      book.restLow = Math.min(book.restLow, b.low);
      book.restVolume += b.volume;
    }
  }
}
