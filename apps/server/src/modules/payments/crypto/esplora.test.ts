import { CRYPTO_NETWORKS } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { fixtureText } from '../fixtures/fixtures.ts';
import { confirmationsOf } from './chainSource.ts';
import { createEsploraSource } from './esplora.ts';

const BASE = 'https://esplora.example/api';
const ADDRESS = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const bitcoin = CRYPTO_NETWORKS.find((n) => n.coin === 'BTC');
if (!bitcoin) throw new Error('no bitcoin network');

function fakeEsplora(routes: Record<string, string>) {
  const seen: string[] = [];
  const fetchImpl: typeof fetch = async (input) => {
    const url = String(input);
    seen.push(url.slice(BASE.length));
    const body = routes[url.slice(BASE.length)];
    return body === undefined
      ? new Response('not found', { status: 404 })
      : new Response(body, { status: 200 });
  };
  return { seen, fetchImpl };
}

describe('the Esplora chain source, against recorded Esplora answers', () => {
  it('lists the outputs paying the address with their block heights, and the tip', async () => {
    const { seen, fetchImpl } = fakeEsplora({
      [`/address/${ADDRESS}/txs`]: fixtureText('esplora/address-txs.json'),
      '/blocks/tip/height': fixtureText('esplora/blocks-tip-height.txt'),
    });
    const source = createEsploraSource({ baseUrl: `${BASE}/`, fetch: fetchImpl });
    const transfers = await source.listTransfers(ADDRESS, bitcoin);
    const tip = await source.tipHeight(bitcoin);
    expect(tip).toBe(880010);
    expect(transfers).toEqual([
      {
        txid: '9f2c45a12db0144909b5db269415f7319179105982ac70ed80d76ea79d923ebf',
        vout: 0,
        amount: '250000',
        blockHeight: null,
      },
      {
        txid: '4c1d2e3f405162738495a6b7c8d9eaf0b1c2d3e4f5061728394a5b6c7d8e9f00',
        vout: 1,
        amount: '1000000',
        blockHeight: 880005,
      },
      {
        txid: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        vout: 0,
        amount: '5000',
        blockHeight: 879990,
      },
      {
        txid: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        vout: 2,
        amount: '15000',
        blockHeight: 879990,
      },
    ]);
    // confirmations = tip − block height + 1; a mempool transfer has none.
    expect(transfers.map((t) => confirmationsOf(t, tip))).toEqual([0, 6, 21, 21]);
    expect(seen).toEqual([`/address/${ADDRESS}/txs`, '/blocks/tip/height']);
  });

  it('pages confirmed history 25 at a time from the last seen txid', async () => {
    const recorded = JSON.parse(fixtureText('esplora/address-txs.json')) as {
      txid: string;
      status: object;
    }[];
    const template = recorded[2];
    if (!template) throw new Error('fixture too short');
    const make = (i: number) => ({
      ...template,
      txid: i.toString(16).padStart(64, '0'),
      status: {
        confirmed: true,
        block_height: 870000 - i,
        block_hash: 'ff'.repeat(32),
        block_time: 1760000000,
      },
    });
    const first = Array.from({ length: 25 }, (_, i) => make(i + 1));
    const second = [make(26)];
    const { seen, fetchImpl } = fakeEsplora({
      [`/address/${ADDRESS}/txs`]: JSON.stringify(first),
      [`/address/${ADDRESS}/txs/chain/${make(25).txid}`]: JSON.stringify(second),
    });
    const source = createEsploraSource({ baseUrl: BASE, fetch: fetchImpl });
    const transfers = await source.listTransfers(ADDRESS, bitcoin);
    expect(transfers).toHaveLength(26);
    expect(seen).toEqual([`/address/${ADDRESS}/txs`, `/address/${ADDRESS}/txs/chain/${make(25).txid}`]);
  });

  it('fails loudly on an error answer or a malformed body', async () => {
    const { fetchImpl } = fakeEsplora({ '/blocks/tip/height': '<html>busy</html>' });
    const source = createEsploraSource({ baseUrl: BASE, fetch: fetchImpl });
    await expect(source.tipHeight(bitcoin)).rejects.toThrow(/not a number/);
    await expect(source.listTransfers(ADDRESS, bitcoin)).rejects.toThrow(/404/);
  });
});
