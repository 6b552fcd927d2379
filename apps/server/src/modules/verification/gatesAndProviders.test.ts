import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvals, auditLog, verificationProviderEvents } from '../../db/schema.ts';
import { createAuditService } from '../audit/service.ts';
import { jpegBytes, pdfBytes, pngBytes } from '../chat/chatTestSupport.ts';
import { fixture } from './providers/fixtureSupport.ts';
import { signWebhook } from './providers/provider.ts';
import { createVerificationService, type VerificationService } from './service.ts';
import {
  auth,
  createVerificationContext,
  customer,
  decide,
  overview,
  submit,
  uploadDoc,
  type VerificationContext,
} from './verificationTestSupport.ts';

const SECRET = 'whsec-gates-test-0123456789';
let t: VerificationContext;
let compliance: string;
let admin: string;
let gates: VerificationService;

beforeAll(async () => {
  process.env.SUMSUB_WEBHOOK_SECRET = SECRET;
  t = await createVerificationContext();
  delete process.env.SUMSUB_WEBHOOK_SECRET;
  compliance = (await t.signIn('staff', 'c-gates@example.test', ['compliance'])).token;
  admin = (await t.signIn('staff', 'a-gates@example.test', ['admin'])).token;
  // The gates as the money module will call them: the service on the same database.
  const db = t.database.db;
  gates = createVerificationService({
    db,
    clock: t.clock,
    bus: t.app.bus,
    audit: createAuditService({ db, clock: t.clock }),
    dataDir: t.dataDir,
  });
});
afterAll(() => t.close());

async function verify(c: { id: number; token: string }, kind: 'identity_document' | 'proof_of_address') {
  if (kind === 'identity_document') {
    await uploadDoc(
      t,
      c.token,
      { requirement: kind, document_type: 'passport' },
      { name: 'p.jpg', content: jpegBytes() },
    );
  } else {
    await uploadDoc(
      t,
      c.token,
      { requirement: kind, document_type: 'bank_statement' },
      { name: 's.pdf', content: pdfBytes() },
    );
  }
  expect((await submit(t, c.token, kind)).statusCode).toBe(200);
  expect((await decide(t, compliance, c.id, kind, 'approve')).statusCode).toBe(200);
}

describe('deposit and withdrawal gates by level', () => {
  it('level 0: deposits up to USD 2,000 in total, no withdrawals', async () => {
    const c = await customer(t);
    await expect(gates.assertCanDeposit(c.id, 2_000_00)).resolves.toBeUndefined();
    await expect(gates.assertCanDeposit(c.id, 1_000_00, 1_500_00)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message:
        'Your verification level allows deposits up to USD 2,000 in total; you can deposit up to USD 500 more. Complete verification to deposit more.',
    });
    await expect(gates.assertCanWithdraw(c.id)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message:
        'Withdrawals need a verified identity document and proof of address. Complete verification on the Verification page first.',
    });
  });

  it('level 1: up to USD 50,000; level 2: no limit and withdrawals', async () => {
    const c = await customer(t);
    await verify(c, 'identity_document');
    await expect(gates.assertCanDeposit(c.id, 50_000_00)).resolves.toBeUndefined();
    await expect(gates.assertCanDeposit(c.id, 50_000_01)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(gates.assertCanWithdraw(c.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await verify(c, 'proof_of_address');
    await expect(gates.assertCanDeposit(c.id, 10_000_000_00, 10_000_000_00)).resolves.toBeUndefined();
    await expect(gates.assertCanWithdraw(c.id)).resolves.toBeUndefined();
    const o = (await overview(t, c.token)).json().data;
    expect(o).toMatchObject({
      level: 2,
      withdrawals: true,
      next_level: null,
      next_step: 'You are fully verified. There is nothing more to do.',
    });
  });
});

describe('settings: approval waits for verification, four eyes', () => {
  it('lets a pending customer upload when approval waits for verification, and says who may be approved', async () => {
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/verification/settings',
      headers: auth(admin),
    });
    const s = get.json().data;
    const put = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/verification/settings',
        headers: auth(admin),
        payload: body,
      });
    expect((await put({ ...s, approval_requires_verification: true })).statusCode).toBe(200);
    const c = await customer(t, 'pending');
    expect(await gates.approvalBlocker(c.id)).toMatch(/not completed verification/);
    const up = await uploadDoc(
      t,
      c.token,
      { requirement: 'selfie', document_type: 'selfie' },
      { name: 's.png', content: pngBytes() },
    );
    expect(up.statusCode, up.body).toBe(201);
    await verify(c, 'identity_document');
    expect(await gates.approvalBlocker(c.id)).toBeNull();
    await put(s);
  });

  it('four eyes: an approve becomes a request a second staff member executes', async () => {
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/verification/settings',
      headers: auth(admin),
    });
    const s = get.json().data;
    const put = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/verification/settings',
        headers: auth(admin),
        payload: body,
      });
    expect((await put({ ...s, four_eyes: true })).statusCode).toBe(200);
    const c = await customer(t);
    await uploadDoc(
      t,
      c.token,
      { requirement: 'identity_document', document_type: 'passport' },
      { name: 'p.jpg', content: jpegBytes() },
    );
    await submit(t, c.token, 'identity_document');
    const res = await decide(t, compliance, c.id, 'identity_document', 'approve');
    expect(res.statusCode, res.body).toBe(200);
    const { status, approval_id } = res.json().data;
    expect(status).toBe('requested');
    expect((await overview(t, c.token)).json().data.level).toBe(0);
    expect((await decide(t, compliance, c.id, 'identity_document', 'approve')).statusCode).toBe(409);
    const review = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/verification/${c.id}`,
      headers: auth(admin),
    });
    expect(
      review.json().data.requirements.find((r: { kind: string }) => r.kind === 'identity_document')
        .approval_pending,
    ).toBe(true);
    // The requester cannot approve their own request; a second staff member can.
    const own = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/approvals/${approval_id}/approve`,
      headers: auth(compliance),
    });
    expect(own.statusCode).toBe(403);
    const second = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/approvals/${approval_id}/approve`,
      headers: auth(admin),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect((await overview(t, c.token)).json().data.level).toBe(1);
    const [row] = await t.database.db.select().from(approvals).where(eq(approvals.id, approval_id));
    expect(row?.status).toBe('approved');
    await put(s);
  });
});

describe('provider webhook', () => {
  const send = (body: Buffer, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/verification/providers/sumsub/webhook',
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });
  const signed = (body: Buffer, at = Math.floor(t.clock.now().getTime() / 1000)) => ({
    'x-payload-digest': signWebhook(SECRET, at, body),
    'x-payload-timestamp': String(at),
  });

  it('applies a signed GREEN once; a redelivery changes nothing', async () => {
    const c = await customer(t);
    const body = fixture('sumsub-applicant-reviewed-green', c.id);
    const first = await send(body, signed(body));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: 'applied' });
    const o = (await overview(t, c.token)).json().data;
    expect(o.level).toBe(1);
    expect(o.requirements.find((r: { kind: string }) => r.kind === 'selfie').state).toBe('verified');
    const again = await send(body, signed(body));
    expect(again.json()).toEqual({ status: 'duplicate' });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'verification.provider_decision'));
    expect(rows.filter((r) => (r.after as { customer_id: number }).customer_id === c.id)).toHaveLength(2);
  });

  it('a RED RETRY shows the provider’s client comment to the customer', async () => {
    const c = await customer(t);
    const body = fixture('sumsub-applicant-reviewed-red-retry', c.id);
    expect((await send(body, signed(body))).json()).toEqual({ status: 'applied' });
    const addr = (await overview(t, c.token))
      .json()
      .data.requirements.find((r: { kind: string }) => r.kind === 'proof_of_address');
    expect(addr).toMatchObject({ state: 'rejected', submissions_left: 2 });
    expect(addr.reason).toContain('does not match the one you entered');
    expect(addr.reason).not.toContain('internal');
  });

  it('a bad signature or an old timestamp changes nothing (401) and records no event', async () => {
    const c = await customer(t);
    const body = fixture('sumsub-applicant-reviewed-green', c.id);
    const bad = await send(body, { ...signed(body), 'x-payload-digest': 'f'.repeat(64) });
    expect(bad.statusCode).toBe(401);
    const old = Math.floor(t.clock.now().getTime() / 1000) - 301;
    expect((await send(body, signed(body, old))).statusCode).toBe(401);
    expect((await overview(t, c.token)).json().data.level).toBe(0);
    const events = await t.database.db
      .select()
      .from(verificationProviderEvents)
      .where(eq(verificationProviderEvents.userId, c.id));
    expect(events).toEqual([]);
  });

  it('unknown providers and the manual one take no webhooks (404); garbage is a 400', async () => {
    const body = Buffer.from('{}');
    const manual = await t.app.inject({
      method: 'POST',
      url: '/api/v1/verification/providers/manual/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(manual.statusCode).toBe(404);
    expect((await send(body, signed(body))).statusCode).toBe(400);
  });
});
