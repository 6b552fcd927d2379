import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { checkLedger } from '../accounts/repo.ts';
import { multipartBody, pdfBytes, pngBytes } from '../chat/chatTestSupport.ts';
import { expireDeposits } from './expiry.ts';
import { createPaymentsContext, type PaymentsTestContext } from './paymentsTestSupport.ts';

let t: PaymentsTestContext;
beforeAll(async () => {
  t = await createPaymentsContext();
});
afterAll(() => t.close());

/** A Windows executable's first bytes ("MZ" header, then the PE offset). */
function exeBytes(): Buffer {
  const b = Buffer.alloc(512, 0);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
}

const wire = async (token: string, accountId: number, amount: number) => {
  const res = await t.post(token, '/deposits', { method: 'wire', account_id: accountId, amount });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; reference: string; status: string };
};
const proof = (token: string, id: number, fileName: string, content: Buffer) => {
  const body = multipartBody([{ name: 'file', fileName, content }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/deposits/${id}/proof`,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
};
const staffCall = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = t.staff) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` }, payload });

describe('bank wire deposits', () => {
  it('announces a wire with the customer’s reference and takes a PDF or image confirmation only', async () => {
    const c = await t.customer(0);
    const d = await wire(c.token, c.accountId, 500);
    expect(d.status).toBe('pending');
    const methods = (await t.call(c.token, 'GET', `/deposits/methods?account_id=${c.accountId}`)).json().data;
    expect(d.reference).toBe(methods.wire.reference);

    const exe = await proof(c.token, d.id, 'receipt.pdf', exeBytes());
    expect(exe.statusCode).toBe(422);
    expect(exe.json().errors.file[0]).toMatch(/not allowed/);
    const other = await t.customer(0);
    expect((await proof(other.token, d.id, 'receipt.pdf', pdfBytes())).statusCode).toBe(404);
    const ok = await proof(c.token, d.id, 'receipt.pdf', pdfBytes());
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.proof_name).toBe('receipt.pdf');
    const png = await proof(c.token, d.id, 'scan.png', pngBytes());
    expect(png.json().data.proof_name).toBe('scan.png');

    const file = await staffCall('GET', `/admin/deposits/${d.id}/proof`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-type']).toBe('image/png');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'deposit.proof.download'), eq(auditLog.objectId, String(d.id))));
    expect(audits).toHaveLength(1);
  });

  it('lists deposits for staff with filters and search; customers get 403', async () => {
    const c = await t.customer(0);
    const d = await wire(c.token, c.accountId, 250);
    const list = await staffCall(
      'GET',
      `/admin/deposits?status=pending&method=wire&q=${encodeURIComponent(d.reference)}`,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((x: { id: number }) => x.id)).toContain(d.id);
    expect(list.json().data[0].user.email).toMatch(/@example\.test$/);
    const one = await staffCall('GET', `/admin/deposits/${d.id}`);
    expect(one.json().data).toMatchObject({ id: d.id, method: 'wire', status: 'pending' });
    expect((await t.call(c.token, 'GET', '/admin/deposits')).statusCode).toBe(403);
  });

  it('credits a wire once when 20 staff confirm it at the same moment', async () => {
    const c = await t.customer(0);
    const d = await wire(c.token, c.accountId, 500);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => staffCall('POST', `/admin/deposits/${d.id}/confirm`, { amount: 480 })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(19);
    expect(await t.balance(c.accountId)).toBe(480_00n);
    const after = (await t.call(c.token, 'GET', `/deposits/${d.id}`)).json().data;
    expect(after).toMatchObject({ status: 'completed', amount: 480, fee: 0, net_amount: 480 });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'deposit.confirm'), eq(auditLog.objectId, String(d.id))));
    expect(audits).toHaveLength(1);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('rejects with a coded reason the customer reads, and needs money.approve', async () => {
    const c = await t.customer(0);
    const d = await wire(c.token, c.accountId, 300);
    const support = (await t.signIn('staff', undefined, ['support'])).token;
    const denied = await staffCall(
      'POST',
      `/admin/deposits/${d.id}/reject`,
      { reason_code: 'funds_not_received', reason: 'Nothing arrived' },
      support,
    );
    expect(denied.statusCode).toBe(403);
    const res = await staffCall('POST', `/admin/deposits/${d.id}/reject`, {
      reason_code: 'funds_not_received',
      reason: 'Nothing arrived on our account.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const seen = (await t.call(c.token, 'GET', `/deposits/${d.id}`)).json().data;
    expect(seen).toMatchObject({
      status: 'rejected',
      reason_code: 'funds_not_received',
      reason: 'Nothing arrived on our account.',
    });
    expect((await staffCall('POST', `/admin/deposits/${d.id}/confirm`, { amount: 300 })).statusCode).toBe(
      409,
    );
    expect(await t.balance(c.accountId)).toBe(0n);
  });

  it('expires a wire announced 14 days ago and nothing confirmed', async () => {
    const c = await t.customer(0);
    const d = await wire(c.token, c.accountId, 150);
    t.clock.advance(14 * 24 * 3600 * 1000 + 1000);
    await expireDeposits(t.payments);
    expect((await t.call(c.token, 'GET', `/deposits/${d.id}`)).json().data.status).toBe('expired');
  });
});

describe('payment method settings', () => {
  it('lists and changes methods (audited); the bank details stop being the demo ones', async () => {
    const list = await staffCall('GET', '/admin/payment-methods');
    expect(list.statusCode).toBe(200);
    const keys = list.json().data.map((m: { key: string }) => m.key);
    expect(keys).toEqual(
      expect.arrayContaining(['card', 'wire', 'crypto:BTC:bitcoin', 'crypto:USDT:ethereum']),
    );
    const bank = {
      beneficiary: 'Example Broker Ltd',
      bank_name: 'Example Bank',
      iban: 'GB33BUKB20201555555555',
      bic: 'BUKBGB22',
      address: '1 Bank Street, London',
    };
    const res = await staffCall('PUT', '/admin/payment-methods/wire', {
      bank,
      min_amount: 50,
      fee_percent: 0.5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ bank, bank_demo: false, min_amount: 50, fee_percent: 0.5 });
    const c = await t.customer(0);
    const methods = (await t.call(c.token, 'GET', `/deposits/methods?account_id=${c.accountId}`)).json().data;
    expect(methods.wire).toMatchObject({ min_amount: 50, fee_percent: 0.5, bank: { ...bank, demo: false } });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'payments.method.update'));
    expect(audits).toHaveLength(1);

    const finance = (await t.signIn('staff', undefined, ['finance'])).token;
    expect(
      (await staffCall('PUT', '/admin/payment-methods/card', { enabled: false }, finance)).statusCode,
    ).toBe(403);
    expect(
      (await staffCall('PUT', '/admin/payment-methods/card', { provider: 'manual-wire' })).statusCode,
    ).toBe(422);
    expect((await staffCall('PUT', '/admin/payment-methods/card', { bank })).statusCode).toBe(422);
    expect((await staffCall('PUT', '/admin/payment-methods/nope', { enabled: false })).statusCode).toBe(404);
    const off = await staffCall('PUT', '/admin/payment-methods/card', { enabled: false });
    expect(off.json().data.enabled).toBe(false);
    expect(
      (await t.post(c.token, '/deposits', { method: 'card', account_id: c.accountId, amount: 100 }))
        .statusCode,
    ).toBe(409);
  });

  it('takes the per-kind settings as a flat config, as the back-office form sends them', async () => {
    const methods = (await staffCall('GET', '/admin/payment-methods')).json().data as {
      key: string;
      config: Record<string, unknown>;
    }[];
    const btc = methods.find((m) => m.key === 'crypto:BTC:bitcoin');
    expect(btc?.config).toEqual({ confirmations: 2, min_deposit: '0.0001' });
    const res = await staffCall('PUT', '/admin/payment-methods/crypto:BTC:bitcoin', {
      fee_percent: 0,
      config: { confirmations: 3, min_deposit: '0.0002' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ confirmations: 3, min_deposit: '0.0002' });
    const bad = await staffCall('PUT', '/admin/payment-methods/crypto:BTC:bitcoin', {
      config: { confirmations: 0, min_deposit: '0.0002' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.confirmations).toBeDefined();
    const wire = methods.find((m) => m.key === 'wire');
    expect(wire?.config).toMatchObject({ iban: 'GB33BUKB20201555555555', bank_demo: false });
  });
});
