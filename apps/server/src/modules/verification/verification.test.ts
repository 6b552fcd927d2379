import { readdir } from 'node:fs/promises';
import { VERIFICATION_STORAGE_CAP_BYTES } from '@openbroker/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, verificationDocuments } from '../../db/schema.ts';
import { jpegBytes, pdfBytes, pngBytes } from '../chat/chatTestSupport.ts';
import { verificationUploadDir } from './files.ts';
import {
  auth,
  type Customer,
  createVerificationContext,
  customer,
  decide,
  overview,
  submit,
  uploadDoc,
  type VerificationContext,
} from './verificationTestSupport.ts';

let t: VerificationContext;
let compliance: string;
let support: string;
beforeAll(async () => {
  t = await createVerificationContext();
  compliance = (await t.signIn('staff', 'compliance@example.test', ['compliance'])).token;
  support = (await t.signIn('staff', 'support@example.test', ['support'])).token;
});
afterAll(() => t.close());

const ID_FRONT = { requirement: 'identity_document', document_type: 'id_card', side: 'front' };
const ID_BACK = { ...ID_FRONT, side: 'back' };
const ADDRESS = { requirement: 'proof_of_address', document_type: 'utility_bill' };

async function identitySubmitted(c: Customer) {
  expect(
    (await uploadDoc(t, c.token, ID_FRONT, { name: 'front.jpg', content: jpegBytes() })).statusCode,
  ).toBe(201);
  expect((await uploadDoc(t, c.token, ID_BACK, { name: 'back.png', content: pngBytes() })).statusCode).toBe(
    201,
  );
  const res = await submit(t, c.token, 'identity_document');
  expect(res.statusCode, res.body).toBe(200);
}

function req(body: { data: { requirements: Array<{ kind: string }> } }, kind: string) {
  return body.data.requirements.find((r) => r.kind === kind) as Record<string, unknown>;
}

describe('uploads', () => {
  it('keeps a JPEG, PNG, WebP or PDF under a server-made name', async () => {
    const c = await customer(t);
    const res = await uploadDoc(t, c.token, ADDRESS, { name: 'bill.pdf', content: pdfBytes() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      requirement: 'proof_of_address',
      document_type: 'utility_bill',
      side: null,
      file_name: 'bill.pdf',
      mime: 'application/pdf',
      submitted: false,
    });
    const files = await readdir(verificationUploadDir(t.dataDir));
    expect(files.every((f) => /^[0-9a-f-]{36}\.(jpg|png|webp|pdf)$/.test(f))).toBe(true);
  });

  it('refuses a type not told by the bytes (a script named .jpg, a GIF) with 422', async () => {
    const c = await customer(t);
    const script = await uploadDoc(t, c.token, ADDRESS, { name: 'x.jpg', content: '<?php echo 1; ?>' });
    expect(script.statusCode).toBe(422);
    expect(script.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { file: [expect.stringMatching(/JPEG, PNG or WebP/)] },
    });
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]);
    expect((await uploadDoc(t, c.token, ADDRESS, { name: 'a.gif', content: gif })).statusCode).toBe(422);
  });

  it('refuses bad fields with 422 naming them', async () => {
    const c = await customer(t);
    const bad = await uploadDoc(
      t,
      c.token,
      { requirement: 'nope', document_type: 'passport' },
      { name: 'a.png', content: pngBytes() },
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.requirement).toBeDefined();
    const wrongType = await uploadDoc(
      t,
      c.token,
      { requirement: 'identity_document', document_type: 'utility_bill' },
      { name: 'a.png', content: pngBytes() },
    );
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors.document_type).toBeDefined();
    const noSide = await uploadDoc(
      t,
      c.token,
      { requirement: 'identity_document', document_type: 'id_card' },
      { name: 'a.png', content: pngBytes() },
    );
    expect(noSide.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { side: [expect.any(String)] },
    });
    const noFile = await uploadDoc(t, c.token, ADDRESS, null);
    expect(noFile.statusCode).toBe(422);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const c = await customer(t);
    const big = Buffer.concat([jpegBytes(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await uploadDoc(t, c.token, ADDRESS, { name: 'big.jpg', content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The file is larger than 10 MB.',
    });
  });

  it('refuses a pending (unapproved) customer with 403 before reading the file', async () => {
    const c = await customer(t, 'pending');
    const res = await uploadDoc(t, c.token, ADDRESS, { name: 'bill.pdf', content: pdfBytes() });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Your account is waiting for approval. You can upload verification documents once it is approved.',
    );
    expect((await overview(t, c.token)).json().data.can_upload).toBe(false);
  });

  it('stops at the per-user storage cap with 413', async () => {
    const c = await customer(t);
    const nineMb = Buffer.concat([pdfBytes(), Buffer.alloc(9 * 1024 * 1024)]);
    const fits = Math.floor(VERIFICATION_STORAGE_CAP_BYTES / nineMb.length);
    for (let i = 0; i < fits; i++) {
      const ok = await uploadDoc(t, c.token, ADDRESS, { name: `p${i}.pdf`, content: nineMb });
      expect(ok.statusCode, ok.body).toBe(201);
    }
    const over = await uploadDoc(t, c.token, ADDRESS, { name: 'last.pdf', content: nineMb });
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toMatch(/all 50 MB of storage/);
    const rows = await t.database.db
      .select()
      .from(verificationDocuments)
      .where(eq(verificationDocuments.userId, c.id));
    expect(rows).toHaveLength(fits);
  });

  it('refuses staff uploads', async () => {
    const res = await uploadDoc(t, compliance, ADDRESS, { name: 'bill.pdf', content: pdfBytes() });
    expect(res.statusCode).toBe(403);
  });
});

describe('submit, review, resubmit', () => {
  it('needs the files first: front, then back of an ID card', async () => {
    const c = await customer(t);
    const none = await submit(t, c.token, 'identity_document');
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('Upload the front of your identity document before submitting.');
    await uploadDoc(t, c.token, ID_FRONT, { name: 'f.jpg', content: jpegBytes() });
    const noBack = await submit(t, c.token, 'identity_document');
    expect(noBack.json().message).toBe('Upload the back of your ID card before submitting.');
    await uploadDoc(t, c.token, ID_BACK, { name: 'b.jpg', content: jpegBytes() });
    const ok = await submit(t, c.token, 'identity_document');
    expect(ok.statusCode).toBe(200);
    expect(req(ok.json(), 'identity_document')).toMatchObject({
      state: 'pending',
      submissions_left: 2,
      can_upload: false,
    });
    // In review: no new files, no second submit.
    expect((await uploadDoc(t, c.token, ID_FRONT, { name: 'f.jpg', content: jpegBytes() })).statusCode).toBe(
      409,
    );
    expect((await submit(t, c.token, 'identity_document')).statusCode).toBe(409);
  });

  it('approve raises the level, notifies the customer, audits before and after', async () => {
    const c = await customer(t);
    await identitySubmitted(c);
    const before = (await overview(t, c.token)).json().data;
    expect(before).toMatchObject({ level: 0, withdrawals: false, deposit_limit_usd: 2000 });
    const res = await decide(t, compliance, c.id, 'identity_document', 'approve');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ status: 'approved', approval_id: null });
    const after = (await overview(t, c.token)).json().data;
    expect(after).toMatchObject({ level: 1, level_name: 'Identity verified', deposit_limit_usd: 50000 });
    expect(after.next_step).toBe(
      'Upload your proof of address and press Submit to reach level 2 (Fully verified).',
    );
    const [note] = await t.database.db.select().from(notifications).where(eq(notifications.userId, c.id));
    expect(note?.message).toMatch(/^Your identity document has been verified\. You are now at level 1/);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'verification.approve')));
    expect(row?.before).toMatchObject({ state: 'pending' });
    expect(row?.after).toMatchObject({ state: 'verified' });
    // A second decision on the same submission is refused (compare-and-set on the state).
    const again = await decide(t, compliance, c.id, 'identity_document', 'approve');
    expect(again.statusCode).toBe(409);
  });

  it('reject shows the reason in plain words; resubmit; final rejection ends it', async () => {
    const c = await customer(t);
    await uploadDoc(t, c.token, ADDRESS, { name: 'bill.pdf', content: pdfBytes() });
    await submit(t, c.token, 'proof_of_address');
    const rej = await decide(t, compliance, c.id, 'proof_of_address', 'reject', {
      reason_code: 'address_mismatch',
      message: 'The bill shows another street.',
      comment: 'staff only: checked registry',
    });
    expect(rej.statusCode, rej.body).toBe(200);
    const seen = (await overview(t, c.token)).json();
    const address = req(seen, 'proof_of_address');
    expect(address).toMatchObject({
      state: 'rejected',
      submissions_left: 2,
      can_upload: true,
      reason:
        'The address on your document does not match the address on your account. The bill shows another street.',
    });
    expect(JSON.stringify(seen)).not.toContain('staff only');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'verification.reject'));
    expect(audit?.reason).toBe('staff only: checked registry');
    // Resubmit needs a new file: the submitted one belongs to the first submission.
    expect((await submit(t, c.token, 'proof_of_address')).statusCode).toBe(422);
    await uploadDoc(t, c.token, ADDRESS, { name: 'bill2.png', content: pngBytes() });
    expect(req((await submit(t, c.token, 'proof_of_address')).json(), 'proof_of_address')).toMatchObject({
      state: 'pending',
      submissions_left: 1,
      reason: null,
    });
    const final = await decide(t, compliance, c.id, 'proof_of_address', 'reject', {
      reason_code: 'suspected_forgery',
      final: true,
    });
    expect(final.statusCode).toBe(200);
    const last = req((await overview(t, c.token)).json(), 'proof_of_address');
    expect(last).toMatchObject({ state: 'rejected_final', can_upload: false });
    expect(last.reason).toMatch(/contact support/);
    expect((await uploadDoc(t, c.token, ADDRESS, { name: 'b.pdf', content: pdfBytes() })).statusCode).toBe(
      409,
    );
  });

  it('runs out of submissions after three', async () => {
    const c = await customer(t);
    for (let i = 0; i < 3; i++) {
      await uploadDoc(
        t,
        c.token,
        { requirement: 'selfie', document_type: 'selfie' },
        { name: 's.jpg', content: jpegBytes() },
      );
      expect((await submit(t, c.token, 'selfie')).statusCode).toBe(200);
      await decide(t, compliance, c.id, 'selfie', 'reject', { reason_code: 'document_unreadable' });
    }
    const s = req((await overview(t, c.token)).json(), 'selfie');
    expect(s).toMatchObject({ state: 'rejected', submissions_left: 0, can_upload: false });
    expect((await submit(t, c.token, 'selfie')).json().message).toMatch(/No submissions are left|cannot/);
  });

  it('a verification past its expiry date counts as expired and the level drops', async () => {
    const c = await customer(t);
    await identitySubmitted(c);
    const expiresAt = new Date(t.clock.now().getTime() + 60_000).toISOString();
    await decide(t, compliance, c.id, 'identity_document', 'approve', { expires_at: expiresAt });
    expect((await overview(t, c.token)).json().data.level).toBe(1);
    t.clock.advance(120_000);
    const o = (await overview(t, c.token)).json();
    expect(o.data.level).toBe(0);
    expect(req(o, 'identity_document')).toMatchObject({ state: 'expired', can_upload: true });
  });
});

describe('staff', () => {
  it('queue lists customers with pending requirements oldest first, filtered', async () => {
    const a = await customer(t);
    await identitySubmitted(a);
    t.clock.advance(1000);
    const b = await customer(t);
    await identitySubmitted(b);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/verification',
      headers: auth(compliance),
    });
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().data.map((r: { user_id: number }) => r.user_id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect(res.json().data.find((r: { user_id: number }) => r.user_id === a.id)).toMatchObject({
      pending: ['identity_document'],
      level: 0,
      country: 'Germany',
    });
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/verification?country=France',
      headers: auth(compliance),
    });
    expect(none.json().data).toEqual([]);
    const lvl = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/verification?level=2',
      headers: auth(compliance),
    });
    expect(lvl.json().data).toEqual([]);
  });

  it('review shows requirements, documents and profile', async () => {
    const c = await customer(t);
    await identitySubmitted(c);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/verification/${c.id}`,
      headers: auth(compliance),
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.customer).toMatchObject({ id: c.id, email: c.email, country: 'Germany' });
    const id = data.requirements.find((r: { kind: string }) => r.kind === 'identity_document');
    expect(id.documents).toHaveLength(2);
    expect(id).toMatchObject({ state: 'pending', approval_pending: false });
  });

  it('refuses staff without the permission (403) and customers (403)', async () => {
    const c = await customer(t);
    await identitySubmitted(c);
    for (const token of [support, c.token]) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/admin/verification', headers: auth(token) }))
          .statusCode,
      ).toBe(403);
      expect((await decide(t, token, c.id, 'identity_document', 'approve')).statusCode).toBe(403);
    }
    const bad = await decide(t, compliance, c.id, 'identity_document', 'reject', { reason_code: 'nope' });
    expect(bad.statusCode).toBe(422);
    expect((await decide(t, compliance, 999999, 'identity_document', 'approve')).statusCode).toBe(404);
  });

  it('downloads: the owner, staff with the permission (audited); another customer 404, support 403', async () => {
    const c = await customer(t);
    const up = await uploadDoc(t, c.token, ADDRESS, { name: 'bill.png', content: pngBytes() });
    const url = up.json().data.download_url;
    const mine = await t.app.inject({ method: 'GET', url, headers: auth(c.token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['content-security-policy']).toContain('sandbox');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.headers['content-disposition']).toMatch(/^inline; filename="bill.png"/);
    const other = await customer(t);
    expect((await t.app.inject({ method: 'GET', url, headers: auth(other.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: auth(support) })).statusCode).toBe(403);
    const staff = await t.app.inject({ method: 'GET', url, headers: auth(compliance) });
    expect(staff.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'verification.document_download'));
    expect(rows.some((r) => r.objectId === up.json().data.id)).toBe(true);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/verification/documents/nope',
          headers: auth(c.token),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('settings: read by reviewers, changed by settings.write only, audited', async () => {
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/verification/settings',
      headers: auth(compliance),
    });
    expect(get.statusCode).toBe(200);
    const s = get.json().data;
    expect(s).toMatchObject({ four_eyes: false, max_submissions: 3, approval_requires_verification: false });
    expect(s.levels).toHaveLength(3);
    const put = (token: string, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/verification/settings',
        headers: auth(token),
        payload,
      });
    expect((await put(compliance, s)).statusCode).toBe(403);
    const { token: admin } = await t.signIn('staff', 'admin-kyc@example.test', ['admin']);
    expect((await put(admin, { ...s, levels: [] })).statusCode).toBe(422);
    const res = await put(admin, { ...s, max_submissions: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.max_submissions).toBe(5);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'verification.settings_update'));
    expect(rows).toHaveLength(1);
    await put(admin, s);
  });
});
