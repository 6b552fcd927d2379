import { type Asset, assetSchema } from '@openbroker/domain';
import { api, type Envelope } from './client';

/**
 * SPEC §3 Asset as `GET /assets` and the `/prices` socket's `data:all` send it: the domain's
 * contract, which the server declares as its response. Parsed rather than trusted: the catalogue
 * is the source of every price a customer deals at.
 */
export { type Asset, assetSchema };

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
