import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentEvents } from '../../db/schemaMoney.ts';
import { checkLedger, insertAccount } from '../accounts/repo.ts';
import { expireDeposits } from './expiry.ts';
import { createPaymentsContext, type PaymentsTestContext, pathOf } from './paymentsTestSupport.ts';
import type { SandboxCardEvent } from './providers/sandboxCard.ts';
import { depositById } from './repo.ts';

let t: PaymentsTestContext;
beforeAll(async () => {
  t = await createPaymentsContext();
});
afterAll(() => t.close());

async function cardDeposit(token: string, accountId: number, amount: number) {
  const res = await t.post(token, '/deposits', { method: 'card', account_id: accountId, amount });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; redirect_url: string; fee: number; status: string };
}

function event(sessionId: string, amountCents: bigint): SandboxCardEvent {
  return {
    id: `sbx_evt_${randomBytes(8).toString('hex')}`,
    type: 'checkout.completed',
    session_id: sessionId,
    amount_cents: amountCents.toString(),
    currency: 'USD',
    card_last4: '4242',
    card_brand: 'visa',
  };
}

const deliver = (rawBody: Buffer, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/callbacks/sandbox-card',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: rawBody,
  });

describe('card deposits through the sandbox provider', () => {
  it('lists the methods for a live account, with limits, the wire reference and sandbox flags', async () => {
    const c = await t.customer(0);
    const res = await t.call(c.token, 'GET', `/deposits/methods?account_id=${c.accountId}`);
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json().data;
    expect(m.card).toMatchObject({ enabled: true, sandbox: true, min_amount: 10, fee_percent: 1.5 });
    expect(m.wire.reference).toMatch(/^OB-\d+-\d{2}$/);
    expect(m.wire.bank.demo).toBe(true);
    expect(m.crypto.coins.map((x: { coin: string }) => x.coin)).toEqual(['BTC', 'ETH', 'USDT', 'USDC']);
  });

  it('goes end to end: create → hosted page → pay → signed callback → balance up by amount less fee', async () => {
    const c = await t.customer(0);
    const key = 'card-e2e-0001';
    const d = await cardDeposit(c.token, c.accountId, 100);
    expect(d.status).toBe('pending');
    expect(d.fee).toBe(1.5);
    const again = await t.post(
      c.token,
      '/deposits',
      { method: 'card', account_id: c.accountId, amount: 100 },
      key,
    );
    const replay = await t.post(
      c.token,
      '/deposits',
      { method: 'card', account_id: c.accountId, amount: 100 },
      key,
    );
    expect(replay.json().data.id).toBe(again.json().data.id);

    const pagePath = pathOf(d.redirect_url);
    expect(pagePath).toMatch(/^\/api\/v1\/payments\/sandbox\/checkout\/sbx_cs_/);
    const page = await t.app.inject({ method: 'GET', url: pagePath });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sandbox');
    expect(page.body).toContain('SANDBOX — no real money moves');
    expect(page.body).toContain('$100.00');
    expect(page.body).not.toContain('<script');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");

    const paid = await t.app.inject({
      method: 'POST',
      url: pagePath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'card_number=4242+4242+4242+4242&expiry=12%2F34&cvc=123&action=pay',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(new RegExp(`/main/deposit/card\\?deposit=${d.id}$`));
    const after = await t.call(c.token, 'GET', `/deposits/${d.id}`);
    expect(after.json().data).toMatchObject({ status: 'completed', card_last4: '4242', net_amount: 98.5 });
    expect(await t.balance(c.accountId)).toBe(98_50n);
    expect(await checkLedger(t.database.db)).toEqual([]);
    // The page of a finished checkout says so, and paying again changes nothing.
    expect((await t.app.inject({ method: 'GET', url: pagePath })).body).toContain('closed');
    await t.app.inject({
      method: 'POST',
      url: pagePath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'card_number=4242424242424242&action=pay',
    });
    expect(await t.balance(c.accountId)).toBe(98_50n);
  });

  it('marks a declined payment failed and credits nothing', async () => {
    const c = await t.customer(0);
    const d = await cardDeposit(c.token, c.accountId, 50);
    const res = await t.app.inject({
      method: 'POST',
      url: pathOf(d.redirect_url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'card_number=4000+0000+0000+0002&action=pay',
    });
    expect(res.statusCode).toBe(303);
    const after = (await t.call(c.token, 'GET', `/deposits/${d.id}`)).json().data;
    expect(after).toMatchObject({ status: 'failed', reason_code: 'declined', redirect_url: null });
    expect(await t.balance(c.accountId)).toBe(0n);
  });

  it('credits once when the same callback arrives 100 times at once', async () => {
    const c = await t.customer(0);
    const d = await cardDeposit(c.token, c.accountId, 200);
    const row = await depositById(t.database.db, d.id);
    if (!row?.providerRef) throw new Error('no session');
    const signed = t.sandboxCard.sign(event(row.providerRef, row.amountCents));
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => deliver(signed.rawBody, signed.headers)),
    );
    const statuses = answers.map((r) => `${r.statusCode}:${r.json().status}`);
    expect(statuses.filter((s) => s === '200:applied')).toHaveLength(1);
    expect(statuses.filter((s) => s === '200:duplicate')).toHaveLength(99);
    expect(await t.balance(c.accountId)).toBe(200_00n - 3_00n);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('refuses a bad signature and an old timestamp, changes nothing, and logs why', async () => {
    const c = await t.customer(0);
    const d = await cardDeposit(c.token, c.accountId, 60);
    const row = await depositById(t.database.db, d.id);
    if (!row?.providerRef) throw new Error('no session');
    const warn = vi.spyOn(t.payments.deps.log, 'warn');
    const e = event(row.providerRef, row.amountCents);
    const signed = t.sandboxCard.sign(e);
    const forged = Buffer.from(signed.rawBody.toString().replace('"6000"', '"600000"'));
    const bad = await deliver(forged, signed.headers);
    expect(bad.statusCode).toBe(401);
    const wrongSecret = await deliver(signed.rawBody, {
      'x-sandbox-signature': `t=${Math.floor(t.clock.now().getTime() / 1000)},v1=${'0'.repeat(64)}`,
    });
    expect(wrongSecret.statusCode).toBe(401);
    t.clock.advance(301_000);
    const old = await deliver(signed.rawBody, signed.headers);
    expect(old.statusCode).toBe(401);
    const reasons = warn.mock.calls.map(([obj]) => obj as unknown as { provider?: string; reason?: string });
    expect(reasons).toEqual(
      expect.arrayContaining([
        { provider: 'sandbox-card', reason: 'bad signature' },
        { provider: 'sandbox-card', reason: expect.stringMatching(/^timestamp off by 30\d s$/) },
      ]),
    );
    warn.mockRestore();
    expect((await depositById(t.database.db, d.id))?.status).toBe('pending');
    expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, e.id))).toEqual(
      [],
    );
    expect(await t.balance(c.accountId)).toBe(0n);
  });

  it('refuses a demo account, another customer’s account, limits and unknown providers', async () => {
    const c = await t.customer(0);
    const demo = await insertAccount(t.database.db, { userId: c.userId, kind: 'demo', title: 'Demo' });
    const refused = await t.post(c.token, '/deposits', { method: 'card', account_id: demo.id, amount: 100 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.account_id[0]).toMatch(/demo account/i);
    const other = await t.customer(0);
    expect(
      (await t.post(c.token, '/deposits', { method: 'card', account_id: other.accountId, amount: 100 }))
        .statusCode,
    ).toBe(404);
    const small = await t.post(c.token, '/deposits', { method: 'card', account_id: c.accountId, amount: 5 });
    expect(small.statusCode).toBe(422);
    expect(small.json().errors.amount[0]).toMatch(/minimum deposit is 10\.00 USD/);
    expect(
      (await t.post(c.token, '/deposits', { method: 'card', account_id: c.accountId, amount: 20_000 }))
        .statusCode,
    ).toBe(422);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/callbacks/nobody',
      payload: '{}',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("keeps each customer's deposits to themselves, paged newest first", async () => {
    const c = await t.customer(0);
    const a = await cardDeposit(c.token, c.accountId, 11);
    const b = await cardDeposit(c.token, c.accountId, 12);
    const other = await t.customer(0);
    expect((await t.call(other.token, 'GET', `/deposits/${a.id}`)).statusCode).toBe(404);
    const list = (await t.call(c.token, 'GET', '/deposits?method=card')).json();
    expect(list.data.map((d: { id: number }) => d.id)).toEqual([b.id, a.id]);
    expect(list.meta).toMatchObject({ current_page: 1, total: 2 });
    expect((await t.call(other.token, 'GET', '/deposits')).json().meta.total).toBe(0);
  });

  it('expires a checkout left open for 30 minutes', async () => {
    const c = await t.customer(0);
    const d = await cardDeposit(c.token, c.accountId, 30);
    t.clock.advance(29 * 60 * 1000);
    await expireDeposits(t.payments);
    expect((await depositById(t.database.db, d.id))?.status).toBe('pending');
    t.clock.advance(2 * 60 * 1000);
    await expireDeposits(t.payments);
    expect((await depositById(t.database.db, d.id))?.status).toBe('expired');
    const page = await t.app.inject({ method: 'GET', url: pathOf(d.redirect_url) });
    expect(page.body).toContain('closed');
  });
});
