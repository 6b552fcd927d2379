import { ASSET_TYPES } from '@openbroker/domain';
import { z } from 'zod';
import { api, type Envelope } from './client';

const finite = z.number().finite();

/**
 * SPEC §3 Asset as `GET /assets` and the `/prices` socket's `data:all` send it. Parsed rather than
 * trusted: the catalogue is the source of every price a customer deals at.
 */
export const assetSchema = z.object({
  id: z.number().int(),
  asset_id: z.string(),
  name: z.string(),
  symbol: z.string().min(1),
  symbol_display: z.string(),
  sy: z.string(),
  type: z.enum(ASSET_TYPES),
  category: z.string(),
  image: z.string().nullable(),
  tv_symbol: z.string(),
  rate: finite,
  price_low: finite,
  price_high: finite,
  change: finite,
  change_percent: finite,
  volume: finite,
  updated_at: z.string(),
  buy_spread: finite,
  sell_spread: finite,
  buy_price: finite,
  sell_price: finite,
  contract_size: finite,
  position: finite,
  leverage: finite.nullable(),
  decimals: z.number().int().nonnegative(),
  base_currency: z.string(),
  quote_currency: z.string(),
});

export type Asset = z.infer<typeof assetSchema>;

/**
 * The valid assets of an untrusted list. One malformed instrument is dropped on its own so it
 * cannot take the whole market watch down with it. Anything that is not a list yields `null`.
 */
export function parseAssetList(value: unknown): Asset[] | null {
  if (!Array.isArray(value)) return null;
  const assets: Asset[] = [];
  for (const item of value) {
    const parsed = assetSchema.safeParse(item);
    if (parsed.success) assets.push(parsed.data);
  }
  return assets;
}

/** Raised when `GET /assets` answers with something that is not a list of assets. */
export class MalformedAssetListError extends Error {
  constructor() {
    super('GET /assets did not answer with a list');
    this.name = 'MalformedAssetListError';
  }
}

/** SPEC §7 `GET /assets`: every enabled instrument with its live rate. */
export async function getAssets(): Promise<Asset[]> {
  const response = await api.get<Envelope<unknown>>('/assets');
  const assets = parseAssetList(response.data.data);
  if (assets === null) throw new MalformedAssetListError();
  return assets;
}
