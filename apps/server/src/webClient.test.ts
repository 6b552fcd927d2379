import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/testApp.ts';

let t: TestContext;
let dist: string;
const script = `console.log(${JSON.stringify('x'.repeat(4_000))});`;
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

describe('serving the built client', () => {
  it('sends the pre-compressed file the browser accepts, else the plain one', async () => {
    const br = await t.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    const gz = await t.app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url: '/assets/app.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('falls back to index.html for client routes', async () => {
    const res = await t.app.inject({ url: '/mt4', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>OpenBroker</title>');
  });
});
