/**
 * Price integrity (issue 12): a tick far from an instrument's recent prices is quarantined until
 * following ticks confirm the new level, so one bad print cannot price an order or fire a trigger.
 *
 * The band is centred on the median of the last N accepted prices and is `multiple` × `scale` wide
 * on each side in log terms: a price p is in the band when |ln(p / median)| ≤ multiple × scale,
 * where `scale` is a volatility (a standard deviation of log returns, e.g. the instrument class's
 * daily volatility). A price outside it is quarantined; M consecutive out-of-band prices within the
 * band width of the first of them make a new level: the M-th is accepted and the band re-centres on
 * those M prices, so a real gap (a weekend open, news) gets through after M − 1 quarantined ticks.
 * An in-band price drops any unconfirmed candidate level.
 *
 * Per tick: one comparison pair and, for an accepted price, a binary search and a shift of the
 * few numbers between the oldest and the newest price in a sorted copy of the window (at most N):
 * no allocation on the hot path.
 */

export interface TickBandOptions {
  /** N: how many accepted prices the band's centre (their median) is taken over. */
  ticks: number;
  /** k: the band's half-width in units of the instrument's volatility scale. */
  multiple: number;
  /** M: consecutive out-of-band prices near one another that make a new level (1 = never quarantine). */
  confirmTicks: number;
}

export const DEFAULT_TICK_BAND: Readonly<TickBandOptions> = { ticks: 21, multiple: 3, confirmTicks: 3 };

/**
 * What to do with a tick: `accepted` (in the band), `quarantined` (outside it, or not a positive
 * finite price: price nothing with it) or `confirmed` (the M-th tick of a new level: use it).
 */
export type TickVerdict = 'accepted' | 'quarantined' | 'confirmed';

function checkOptions(o: TickBandOptions, scale: number): void {
  if (!Number.isInteger(o.ticks) || o.ticks < 1) throw new RangeError(`ticks must be a whole number ≥ 1`);
  if (!(o.multiple > 0) || !Number.isFinite(o.multiple)) throw new RangeError('multiple must be > 0');
  if (!Number.isInteger(o.confirmTicks) || o.confirmTicks < 1)
    throw new RangeError('confirmTicks must be a whole number ≥ 1');
  if (!(scale > 0) || !Number.isFinite(scale)) throw new RangeError('scale must be > 0');
}

/** One instrument's band: the last N accepted prices, their median and any candidate new level. */
export class TickBand {
  /** Accepted prices in arrival order (a ring: the oldest at `head` once full). */
  private readonly ring: Float64Array;
  /** The same prices, ascending. */
  private readonly sorted: Float64Array;
  private size = 0;
  private head = 0;
  /** e^(k × scale): the band is [centre / factor, centre × factor]. */
  private readonly factor: number;
  /** Out-of-band prices in a row that may become the new level; the first is the anchor. */
  private readonly candidates: Float64Array;
  private candidateCount = 0;
  /** Median of the accepted window; NaN until a price is known. */
  centre = Number.NaN;

  constructor(
    scale: number,
    private readonly options: TickBandOptions = DEFAULT_TICK_BAND,
    seed?: number,
  ) {
    checkOptions(options, scale);
    this.ring = new Float64Array(options.ticks);
    this.sorted = new Float64Array(options.ticks);
    this.candidates = new Float64Array(options.confirmTicks);
    this.factor = Math.exp(options.multiple * scale);
    if (seed !== undefined && seed > 0 && Number.isFinite(seed)) this.push(seed);
  }

  /** Lowest price still in the band (0 while no price is known). */
  get low(): number {
    return this.size === 0 ? 0 : this.centre / this.factor;
  }

  /** Highest price still in the band (Infinity while no price is known). */
  get high(): number {
    return this.size === 0 ? Number.POSITIVE_INFINITY : this.centre * this.factor;
  }

  /** How many quarantined prices in a row currently stand for a candidate new level. */
  get pending(): number {
    return this.candidateCount;
  }

  /** Judges the next price of this instrument and, unless it is quarantined, takes it into the band. */
  offer(price: number): TickVerdict {
    if (!(price > 0) || !Number.isFinite(price)) return 'quarantined';
    if (this.size === 0 || (price >= this.centre / this.factor && price <= this.centre * this.factor)) {
      this.candidateCount = 0;
      this.push(price);
      return 'accepted';
    }
    const anchor = this.candidates[0] as number;
    if (this.candidateCount > 0 && price >= anchor / this.factor && price <= anchor * this.factor) {
      this.candidates[this.candidateCount++] = price;
    } else {
      this.candidates[0] = price;
      this.candidateCount = 1;
    }
    if (this.candidateCount < this.options.confirmTicks) return 'quarantined';
    // A confirmed level: the window restarts from the prices that confirmed it.
    this.size = 0;
    this.head = 0;
    for (let i = 0; i < this.candidateCount; i++) this.push(this.candidates[i] as number);
    this.candidateCount = 0;
    return 'confirmed';
  }

  private push(price: number): void {
    const n = this.ring.length;
    if (this.size < n) {
      this.ring[(this.head + this.size) % n] = price;
      this.insertSorted(price, this.size);
      this.size++;
    } else {
      const old = this.ring[this.head] as number;
      this.ring[this.head] = price;
      this.head = (this.head + 1) % n;
      this.replaceSorted(old, price);
    }
    const s = this.size;
    const mid = s >> 1;
    this.centre =
      s % 2 === 1
        ? (this.sorted[mid] as number)
        : ((this.sorted[mid - 1] as number) + (this.sorted[mid] as number)) / 2;
  }

  /** Inserts into the first `len` sorted entries (there is room for one more). */
  private insertSorted(price: number, len: number): void {
    const a = this.sorted;
    let i = len;
    while (i > 0 && (a[i - 1] as number) > price) {
      a[i] = a[i - 1] as number;
      i--;
    }
    a[i] = price;
  }

  /** Swaps the oldest price for the newest in the full sorted window, moving only what lies between. */
  private replaceSorted(old: number, price: number): void {
    const a = this.sorted;
    const n = this.size;
    let i = lowerBound(a, old, n);
    if (price > old) {
      while (i + 1 < n && (a[i + 1] as number) < price) {
        a[i] = a[i + 1] as number;
        i++;
      }
    } else {
      while (i > 0 && (a[i - 1] as number) > price) {
        a[i] = a[i - 1] as number;
        i--;
      }
    }
    a[i] = price;
  }
}

function lowerBound(a: Float64Array, x: number, len: number): number {
  let lo = 0;
  let hi = len;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((a[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Bands for many instruments, each with its own state: a tick of one never moves another's band.
 * An instrument not yet tracked has no band, and its ticks are accepted.
 */
export class TickBands {
  private readonly bands = new Map<number, TickBand>();

  constructor(readonly options: TickBandOptions = DEFAULT_TICK_BAND) {}

  /** Starts (or restarts) an instrument's band with its volatility scale and last known price. */
  track(id: number, scale: number, seed?: number): TickBand {
    const band = new TickBand(scale, this.options, seed);
    this.bands.set(id, band);
    return band;
  }

  get(id: number): TickBand | undefined {
    return this.bands.get(id);
  }

  offer(id: number, price: number): TickVerdict {
    return this.bands.get(id)?.offer(price) ?? 'accepted';
  }
}
