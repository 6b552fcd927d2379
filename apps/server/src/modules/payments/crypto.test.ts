import { coinUnitsToCents, toAccountCurrency } from '@openbroker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cryptoWallets } from '../../db/schemaMoney.ts';
import { checkLedger } from '../accounts/repo.ts';
import { pollChainDeposits } from './crypto/poll.ts';
import { DEFAULT_SANDBOX_BLOCK_MS } from './crypto/sandboxChain.ts';
import { createPaymentsContext, type PaymentsTestContext } from './paymentsTestSupport.ts';

let t: PaymentsTestContext;
beforeAll(async () => {
  t = await createPaymentsContext();
  t.tick('BTCUSD', 50_000);
});
afterAll(() => t.close());

const wallet = async (token: string, accountId: number, coin = 'BTC', network = 'bitcoin') => {
  const res = await t.post(token, '/deposits/wallets', { coin, network, account_id: accountId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; address: string; payment_uri: string; sandbox: boolean };
};
const mine = async () => {
  t.clock.advance(DEFAULT_SANDBOX_BLOCK_MS);
  await pollChainDeposits(t.payments);
};
const depositsOf = async (token: string, walletId: number) =>
  (await t.call(token, 'GET', `/deposits?wallet_id=${walletId}`)).json().data as {
    id: number;
    status: string;
    confirmations: number;
    required_confirmations: number;
    amount: number;
    crypto_amount: string;
    reason_code: string | null;
    txid: string;
  }[];

describe('crypto deposits', () => {
  it('derives the first addresses from the test keys, one per account and coin, reused', async () => {
    const c = await t.customer(0);
    const btc = await wallet(c.token, c.accountId);
    expect(btc).toMatchObject({
      address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      payment_uri: 'bitcoin:bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      sandbox: true,
    });
    expect((await wallet(c.token, c.accountId)).id).toBe(btc.id);
    const eth = await wallet(c.token, c.accountId, 'ETH', 'ethereum');
    expect(eth.address).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    const usdt = await wallet(c.token, c.accountId, 'usdt', 'ethereum');
    expect(usdt.address).not.toBe(eth.address);
    expect(usdt.payment_uri).toMatch(
      /^ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7\/transfer\?address=0x/,
    );
    const list = (await t.call(c.token, 'GET', '/deposits/wallets')).json().data;
    expect(list.map((w: { id: number }) => w.id)).toEqual([btc.id, eth.id, usdt.id]);
  });

  it('hands out indexes without gaps when many customers ask at once', async () => {
    const customers = await Promise.all(Array.from({ length: 8 }, () => t.customer(0)));
    const made = await Promise.all(
      customers.flatMap((c) => [wallet(c.token, c.accountId), wallet(c.token, c.accountId)]),
    );
    const rows = await t.database.db.select().from(cryptoWallets);
    const btc = rows
      .filter((r) => r.chain === 'bitcoin')
      .map((r) => r.derivationIndex)
      .sort((a, b) => a - b);
    expect(btc).toEqual(btc.map((_, i) => i));
    expect(new Set(made.map((w) => w.id)).size).toBe(8);
  });

  it('keeps wallets to their owner and refuses unknown networks and demo accounts', async () => {
    const c = await t.customer(0);
    const w = await wallet(c.token, c.accountId);
    const other = await t.customer(0);
    expect((await t.call(other.token, 'GET', `/deposits/wallets/${w.id}`)).statusCode).toBe(404);
    expect(
      (await t.post(other.token, `/deposits/wallets/${w.id}/sandbox-transfer`, { amount: '1' })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.post(c.token, '/deposits/wallets', {
          coin: 'BTC',
          network: 'ethereum',
          account_id: c.accountId,
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await t.post(other.token, '/deposits/wallets', {
          coin: 'BTC',
          network: 'bitcoin',
          account_id: c.accountId,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('shows a sandbox transfer pending, then Confirming 1/2, then credits it at the rate when confirmed', async () => {
    const c = await t.customer(0);
    const w = await wallet(c.token, c.accountId);
    const sent = await t.post(c.token, `/deposits/wallets/${w.id}/sandbox-transfer`, { amount: '0.01' });
    expect(sent.statusCode, sent.body).toBe(201);
    await pollChainDeposits(t.payments);
    let [d] = await depositsOf(c.token, w.id);
    expect(d).toMatchObject({
      status: 'pending',
      confirmations: 0,
      required_confirmations: 2,
      crypto_amount: '0.01',
    });
    expect(d?.txid).toBe(sent.json().data.txid);

    await mine();
    [d] = await depositsOf(c.token, w.id);
    expect(d).toMatchObject({ status: 'confirming', confirmations: 1, required_confirmations: 2, amount: 0 });
    expect(await t.balance(c.accountId)).toBe(0n);

    // The price moves before the second confirmation: the credit uses the rate at that moment.
    t.tick('BTCUSD', 60_000);
    t.clock.advance(DEFAULT_SANDBOX_BLOCK_MS);
    const rate = toAccountCurrency(1, 'BTC', 'USD', t.app.market.rate);
    if (!rate.ok) throw new Error('no BTC rate');
    const expected = coinUnitsToCents(1_000_000n, 8, rate.value);
    // Two passes at once (two nodes, or a slow pass overlapping the next) credit once.
    await Promise.all([pollChainDeposits(t.payments), pollChainDeposits(t.payments)]);
    [d] = await depositsOf(c.token, w.id);
    expect(d).toMatchObject({ status: 'completed', confirmations: 2 });
    expect(d?.amount).toBe(Number(expected) / 100);
    expect(await t.balance(c.accountId)).toBe(expected);
    expect(expected).toBeGreaterThan(550_00n);
    await mine();
    expect(await t.balance(c.accountId)).toBe(expected);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('records a transfer below the network minimum as failed, with the reason', async () => {
    const c = await t.customer(0);
    const w = await wallet(c.token, c.accountId);
    await t.post(c.token, `/deposits/wallets/${w.id}/sandbox-transfer`, { amount: '0.00001' });
    await mine();
    await mine();
    const [d] = await depositsOf(c.token, w.id);
    expect(d).toMatchObject({ status: 'failed', reason_code: 'below_minimum' });
    expect(await t.balance(c.accountId)).toBe(0n);
  });
});
