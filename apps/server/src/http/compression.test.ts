import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/testApp.ts';

let t: TestContext;
let dist: string;
const script = `console.log(${JSON.stringify('y'.repeat(8_000))});`;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'ob-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>OpenBroker</title>');
  await writeFile(path.join(dist, 'assets', 'app.js'), script);
  await writeFile(path.join(dist, 'assets', 'app.js.br'), brotliCompressSync(script));
  await writeFile(path.join(dist, 'assets', 'app.js.gz'), gzipSync(script));
  t = await createTestContext({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

/** A large JSON answer: the API description, hundreds of kilobytes. */
const LARGE = '/api/v1/openapi.json';

describe('response compression', () => {
  it('sends a large JSON answer with brotli when accepted, else gzip, else as it is', async () => {
    const plain = await t.app.inject({ url: LARGE });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(50_000);

    const br = await t.app.inject({ url: LARGE, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await t.app.inject({ url: LARGE, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves answers under 1 KB alone', async () => {
    const res = await t.app.inject({ url: '/api/v1/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('does not compress the pre-compressed files of the build a second time', async () => {
    const br = await t.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await t.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
  });

  it('caches fingerprinted files for a year and the page not at all', async () => {
    const file = await t.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'br' } });
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/mt4']) {
      const page = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/mt4' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('does not decompress request bodies: a compressed body is refused, not inflated', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/check-email',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'a@example.test' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
