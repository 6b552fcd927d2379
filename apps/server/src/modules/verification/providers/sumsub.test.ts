import { describe, expect, it } from 'vitest';
import { fixture } from './fixtureSupport.ts';
import { signWebhook, WEBHOOK_TOLERANCE_SECONDS } from './provider.ts';
import { createSumsubProvider } from './sumsub.ts';

const SECRET = 'whsec-test-0123456789';

const now = new Date('2026-11-24T02:35:00Z');
const ts = Math.floor(now.getTime() / 1000);
const provider = createSumsubProvider({ webhookSecret: SECRET, now: () => now });
const headersFor = (body: Buffer, at = ts, secret = SECRET) => ({
  'x-payload-digest': signWebhook(secret, at, body),
  'x-payload-timestamp': String(at),
});

describe('sumsub webhook check', () => {
  const body = fixture('sumsub-applicant-reviewed-green', 42);
  it('accepts a body signed with our secret within the tolerance', () => {
    expect(provider.verifyWebhook({ rawBody: body, headers: headersFor(body), now })).toEqual({ ok: true });
    const edge = ts - WEBHOOK_TOLERANCE_SECONDS;
    expect(provider.verifyWebhook({ rawBody: body, headers: headersFor(body, edge), now }).ok).toBe(true);
  });
  it('refuses another secret, a changed body, an old or future timestamp, missing headers', () => {
    expect(provider.verifyWebhook({ rawBody: body, headers: headersFor(body, ts, 'other'), now })).toEqual({
      ok: false,
      why: 'bad signature',
    });
    const changed = Buffer.from(body.toString().replace('GREEN', 'RED'));
    expect(provider.verifyWebhook({ rawBody: changed, headers: headersFor(body), now }).ok).toBe(false);
    for (const at of [ts - WEBHOOK_TOLERANCE_SECONDS - 1, ts + WEBHOOK_TOLERANCE_SECONDS + 1]) {
      const r = provider.verifyWebhook({ rawBody: body, headers: headersFor(body, at), now });
      expect(r.ok).toBe(false);
    }
    // The timestamp is inside the signature: moving it forward breaks it.
    const moved = { ...headersFor(body, ts - 1000), 'x-payload-timestamp': String(ts) };
    expect(provider.verifyWebhook({ rawBody: body, headers: moved, now }).ok).toBe(false);
    expect(provider.verifyWebhook({ rawBody: body, headers: {}, now })).toEqual({
      ok: false,
      why: 'no timestamp',
    });
  });
});

describe('sumsub results from recorded payloads', () => {
  it('GREEN approves the level’s requirements', () => {
    expect(provider.parseResult(fixture('sumsub-applicant-reviewed-green', 42))).toEqual({
      eventId: 'applicantReviewed:req-a1b2c3d4-e5f6-7890-abcd-ef1234567890',
      userId: 42,
      kinds: ['identity_document', 'selfie'],
      decision: 'approve',
    });
  });
  it('RED RETRY rejects with a mapped code and the client comment, never the moderation one', () => {
    const r = provider.parseResult(fixture('sumsub-applicant-reviewed-red-retry', 7));
    expect(r).toEqual({
      eventId: 'applicantReviewed:req-fa94263f-0b23-42d7-9393-ab10b28ef42d',
      userId: 7,
      kinds: ['proof_of_address'],
      decision: 'reject',
      reasonCode: 'address_mismatch',
      message: 'The address on your utility bill does not match the one you entered.',
    });
  });
  it('RED FINAL is a final rejection', () => {
    const r = provider.parseResult(fixture('sumsub-applicant-reviewed-red-final', 7));
    expect(r).toMatchObject({
      decision: 'reject_final',
      reasonCode: 'suspected_forgery',
      message: undefined,
    });
  });
  it('other events carry no decision; garbage is not understood', () => {
    expect(provider.parseResult(fixture('sumsub-applicant-pending', 7))).toMatchObject({ decision: null });
    expect(provider.parseResult(Buffer.from('not json'))).toBeNull();
    expect(provider.parseResult(Buffer.from('{"type":"applicantReviewed"}'))).toBeNull();
  });
});

describe('sumsub createApplicant', () => {
  it('signs the request and returns the applicant id, without the network', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const fake = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ id: 'app-123' }), { status: 201 });
    }) as unknown as typeof fetch;
    const p = createSumsubProvider({
      webhookSecret: SECRET,
      appToken: 'tok',
      appSecret: 'sec',
      fetch: fake,
      now: () => now,
    });
    const r = await p.createApplicant({ id: 5, email: 'a@b.test', firstName: 'A', lastName: 'B' });
    expect(r).toEqual({ applicantId: 'app-123' });
    expect(calls[0]?.url).toBe('https://api.sumsub.com/resources/applicants?levelName=basic-kyc-level');
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers['X-App-Token']).toBe('tok');
    expect(headers['X-App-Access-Sig']).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(String(calls[0]?.init.body))).toMatchObject({ externalUserId: '5' });
  });
});
