import type { LivePriceUpdate } from '../market/liveQuote.ts';

/**
 * `data:packed`: the live price updates of one frame as one flat array of numbers, for clients that
 * asked for it at connect (`auth: { format: 'packed' }`). SPEC §7's `data:update` repeats ten keys
 * per instrument; dropping them shrinks an idle terminal's price traffic by about half without
 * per-message deflate, which would cost the server a zlib pass per connection per frame (issue 17,
 * bench/RESULTS.md "Idle terminal").
 *
 * Each update is these fields, in this order, one after the other. Changing the order or the count
 * is a protocol change (bump PROTOCOL_VERSION).
 */
export const PACKED_PRICE_FIELDS = [
  'id',
  'price',
  'buyPrice',
  'sellPrice',
  'priceLow24h',
  'priceHigh24h',
  'change24h',
  'changePercent24h',
  'volume24h',
  'lastUpdated',
] as const;

/** The number of array entries one update takes. */
export const PACKED_PRICE_STRIDE = PACKED_PRICE_FIELDS.length;

/** The handshake's `format` value that asks for `data:packed` instead of `data:update`. */
export const PACKED_PRICE_FORMAT = 'packed';
export type PriceFrameFormat = typeof PACKED_PRICE_FORMAT | 'json';

/**
 * Updates as one `data:packed` payload. An update without dealing prices (only the socket adds
 * them) packs its mid price in their place, so every update takes the same number of entries.
 */
export function packPriceUpdates(updates: readonly LivePriceUpdate[]): number[] {
  const out = new Array<number>(updates.length * PACKED_PRICE_STRIDE);
  let i = 0;
  for (const u of updates) {
    out[i++] = u.id;
    out[i++] = u.price;
    out[i++] = u.buyPrice ?? u.price;
    out[i++] = u.sellPrice ?? u.price;
    out[i++] = u.priceLow24h;
    out[i++] = u.priceHigh24h;
    out[i++] = u.change24h;
    out[i++] = u.changePercent24h;
    out[i++] = u.volume24h;
    out[i++] = u.lastUpdated;
  }
  return out;
}

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * A `data:packed` payload back as SPEC §3 live price updates. The server's frames are parsed, not
 * trusted: anything but an array of finite numbers whose length is a whole number of updates gives
 * [], and an update whose id is not a non-negative safe integer is skipped.
 */
export function unpackPriceUpdates(raw: unknown): LivePriceUpdate[] {
  if (!Array.isArray(raw) || raw.length % PACKED_PRICE_STRIDE !== 0) return [];
  if (!raw.every(isFiniteNumber)) return [];
  const values: readonly number[] = raw;
  const out: LivePriceUpdate[] = [];
  for (let i = 0; i < values.length; i += PACKED_PRICE_STRIDE) {
    const id = values[i] as number;
    if (!Number.isSafeInteger(id) || id < 0) continue;
    out.push({
      id,
      price: values[i + 1] as number,
      buyPrice: values[i + 2] as number,
      sellPrice: values[i + 3] as number,
      priceLow24h: values[i + 4] as number,
      priceHigh24h: values[i + 5] as number,
      change24h: values[i + 6] as number,
      changePercent24h: values[i + 7] as number,
      volume24h: values[i + 8] as number,
      lastUpdated: values[i + 9] as number,
    });
  }
  return out;
}
