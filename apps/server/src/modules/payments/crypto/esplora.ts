import type { CryptoNetwork } from '@openbroker/domain';
import { z } from 'zod';
import type { ChainSource, ChainTransfer } from './chainSource.ts';

export const ESPLORA_SOURCE = 'esplora';
/** Esplora pages confirmed history 25 transactions at a time. */
const CHAIN_PAGE = 25;
/** How far back one poll pages (a deposit address rarely has more than a handful of payments). */
const MAX_PAGES = 8;

const txSchema = z.object({
  txid: z.string().regex(/^[0-9a-f]{64}$/),
  vout: z.array(
    z.object({
      scriptpubkey_address: z.string().optional(),
      value: z.number().int().nonnegative(),
    }),
  ),
  status: z.object({
    confirmed: z.boolean(),
    block_height: z.number().int().optional(),
  }),
});
type EsploraTx = z.infer<typeof txSchema>;

/**
 * An Esplora HTTP API (Blockstream's esplora, mempool.space, electrs' REST): `GET
 * /address/:address/txs` (mempool transactions first, then the newest 25 confirmed), more history
 * from `/address/:address/txs/chain/:last_seen_txid`, and `GET /blocks/tip/height`. Bitcoin only.
 */
export function createEsploraSource(deps: { baseUrl: string; fetch?: typeof fetch }): ChainSource {
  const base = deps.baseUrl.replace(/\/+$/, '');
  const doFetch = deps.fetch ?? fetch;

  async function get(path: string): Promise<Response> {
    const res = await doFetch(`${base}${path}`, { signal: AbortSignal.timeout(15_000) });
    if (!res.ok) throw new Error(`Esplora ${path} answered ${res.status}`);
    return res;
  }

  async function txs(path: string): Promise<EsploraTx[]> {
    return z.array(txSchema).parse(await (await get(path)).json());
  }

  return {
    name: ESPLORA_SOURCE,
    sandbox: false,
    async listTransfers(address, network: CryptoNetwork) {
      if (network.chain !== 'bitcoin') throw new Error(`Esplora serves Bitcoin, not ${network.network}`);
      const enc = encodeURIComponent(address);
      const all = await txs(`/address/${enc}/txs`);
      let confirmed = all.filter((t) => t.status.confirmed);
      for (let page = 1; confirmed.length === CHAIN_PAGE && page < MAX_PAGES; page += 1) {
        const last = confirmed.at(-1);
        if (!last) break;
        confirmed = await txs(`/address/${enc}/txs/chain/${last.txid}`);
        all.push(...confirmed);
      }
      const out: ChainTransfer[] = [];
      const seen = new Set<string>();
      for (const tx of all) {
        tx.vout.forEach((o, i) => {
          const key = `${tx.txid}:${i}`;
          if (o.scriptpubkey_address !== address || seen.has(key)) return;
          seen.add(key);
          out.push({
            txid: tx.txid,
            vout: i,
            amount: String(o.value),
            blockHeight: tx.status.confirmed ? (tx.status.block_height ?? null) : null,
          });
        });
      }
      return out;
    },
    async tipHeight() {
      const text = (await (await get('/blocks/tip/height')).text()).trim();
      if (!/^\d+$/.test(text)) throw new Error(`Esplora tip height is not a number: ${text.slice(0, 40)}`);
      return Number(text);
    },
  };
}
