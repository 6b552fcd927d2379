import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsContext, pathOf } from '../modules/payments/paymentsTestSupport.ts';
import { createTestContext, type TestContext } from '../test/testApp.ts';
import { cspDirectives, PERMISSIONS_POLICY } from './securityHeaders.ts';

let t: TestContext;
let dist: string;
beforeAll(async () => {
  // A stand-in for the built client, as webClient.test.ts makes one (the real build may be absent).
  dist = await mkdtemp(path.join(tmpdir(), 'ob-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><title>OpenBroker</title><script type="module" src="/assets/app.js"></script>',
  );
  await writeFile(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestContext({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

/** The policy as a map of directive → sources. */
function policyOf(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

function expectStrictPolicy(res: LightMyRequestResponse): void {
  const csp = policyOf(res);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:8080']);
  expect(csp.get('font-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.has('upgrade-insecure-requests')).toBe(false);
  expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  expect(res.headers['permissions-policy']).toContain('camera=()');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('same-origin');
  expect(res.headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  it('sends the strict policy with the page at / and at a client route', async () => {
    for (const url of ['/', '/mt4', '/main/deposit/card?deposit=1']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expectStrictPolicy(res);
    }
  });

  it('sends it with the built files, API answers and errors too', async () => {
    expectStrictPolicy(await t.app.inject({ url: '/assets/app.js' }));
    expectStrictPolicy(await t.app.inject({ url: '/api/v1/health' }));
    const missing = await t.app.inject({ url: '/api/v1/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expectStrictPolicy(missing);
  });

  it('over https: HSTS, wss and upgraded requests', () => {
    const csp = cspDirectives('https://broker.example.com');
    expect(csp['connect-src']).toEqual(["'self'", 'wss://broker.example.com']);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
  });

  it('keeps HSTS for https installations', async () => {
    const secure = await createTestContext({ PUBLIC_URL: 'https://broker.example.com' });
    try {
      const res = await secure.app.inject({ url: '/api/v1/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(policyOf(res).get('connect-src')).toEqual(["'self'", 'wss://broker.example.com']);
    } finally {
      await secure.close();
    }
  });
});

describe('the sandbox card page under its own policy', () => {
  it('allows its inline style by hash, not by unsafe-inline, and nothing else', async () => {
    const p = await createPaymentsContext();
    try {
      const c = await p.customer(0);
      const created = await p.post(c.token, '/deposits', {
        method: 'card',
        account_id: c.accountId,
        amount: 100,
      });
      expect(created.statusCode, created.body).toBe(201);
      const page = await p.app.inject({ url: pathOf(created.json().data.redirect_url) });
      expect(page.statusCode).toBe(200);
      const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)?.[1] ?? '';
      expect(style).toContain('.banner');
      const hash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
      const csp = policyOf(page);
      expect(csp.get('style-src')).toEqual([hash]);
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      // One policy, the page's own: the site-wide one would refuse the inline style.
      expect(String(page.headers['content-security-policy'])).not.toContain('unsafe-inline');
      expect(page.body).not.toMatch(/<script|style="/);
    } finally {
      await p.close();
    }
  });
});
