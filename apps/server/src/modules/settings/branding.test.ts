import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/testApp.ts';
import { multipartBody, pngBytes } from '../chat/chatTestSupport.ts';
import { brandingDir } from './branding.ts';

let t: TestContext;
let dataDir: string;
let admin: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ob-branding-'));
  t = await createTestContext({ DATA_DIR: dataDir });
  admin = (await t.signIn('staff')).token;
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

function upload(token: string, url: string, fileName: string, content: Buffer | string) {
  const body = multipartBody([{ name: 'file', fileName, contentType: 'image/png', content }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
}

/** A PNG padded past its end to `size` bytes (still a PNG by its signature). */
const pngOfSize = (size: number) => Buffer.concat([pngBytes(), Buffer.alloc(size - pngBytes().length)]);
/** The header of a Windows icon: reserved 0, type 1 (icon), one image. */
const icoBytes = () =>
  Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]), Buffer.alloc(64, 1)]);
const stored = () => readdir(brandingDir(dataDir)).catch(() => [] as string[]);

describe('branding uploads', () => {
  it('stores a logo under a server-made name and serves it publicly, typed, nosniff, cached for good', async () => {
    const res = await upload(admin, '/admin/settings/uploads/logo', '../../evil name.png', pngBytes());
    expect(res.statusCode, res.body).toBe(201);
    const { url, mime, size } = res.json().data;
    expect(url).toMatch(/^\/api\/v1\/branding\/[0-9a-f-]{36}\.png$/);
    expect({ mime, size }).toEqual({ mime: 'image/png', size: pngBytes().length });
    expect(await stored()).toContain(url.split('/').pop());

    const served = await t.app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(pngBytes())).toBe(true);

    // The upload is audited; the setting changes only when staff save the URL into it.
    const [row] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({ action: 'settings.upload', after: { kind: 'logo', url } });
    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/settings',
      headers: { authorization: `Bearer ${admin}` },
      payload: { logo: url },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.inject('/api/v1/settings')).json().data.logo).toBe(url);
  });

  it('refuses a PHP script named .png (422) and keeps nothing', async () => {
    const before = await stored();
    const res = await upload(
      admin,
      '/admin/settings/uploads/logo',
      'shell.png',
      '<?php system($_GET["c"]); ?>',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { file: [expect.stringContaining('PNG')] },
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses SVG (it can carry script) and an icon anywhere but the favicon', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expect((await upload(admin, '/admin/settings/uploads/logo', 'a.svg', svg)).statusCode).toBe(422);
    expect((await upload(admin, '/admin/settings/uploads/logo_sm', 'a.ico', icoBytes())).statusCode).toBe(
      422,
    );
    const ico = await upload(admin, '/admin/settings/uploads/favicon', 'a.ico', icoBytes());
    expect(ico.statusCode, ico.body).toBe(201);
    const served = await t.app.inject(ico.json().data.url);
    expect(served.headers['content-type']).toBe('image/x-icon');
  });

  it('refuses 2 MB (413), and a favicon over 256 KB (413)', async () => {
    const before = await stored();
    const big = await upload(admin, '/admin/settings/uploads/logo', 'big.png', pngOfSize(2 * 1024 * 1024));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      errors: { file: ['The image is larger than 1 MB.'] },
    });
    const fav = await upload(admin, '/admin/settings/uploads/favicon', 'fav.png', pngOfSize(300 * 1024));
    expect(fav.statusCode).toBe(413);
    expect(fav.json().message).toBe('The image is larger than 256 KB.');
    expect(await stored()).toEqual(before);
  });

  it('needs settings.write (plans.write for plan images); an unknown kind is a 422', async () => {
    const support = (await t.signIn('staff', undefined, ['support'])).token;
    const customer = (await t.signIn('customer')).token;
    expect((await upload(support, '/admin/settings/uploads/logo', 'a.png', pngBytes())).statusCode).toBe(403);
    expect((await upload(customer, '/admin/settings/uploads/logo', 'a.png', pngBytes())).statusCode).toBe(
      403,
    );
    expect((await upload(support, '/admin/plans/uploads/icon', 'a.png', pngBytes())).statusCode).toBe(403);
    expect((await upload(admin, '/admin/settings/uploads/avatar', 'a.png', pngBytes())).statusCode).toBe(422);
    const plan = await upload(admin, '/admin/plans/uploads/icon', 'a.png', pngBytes());
    expect(plan.statusCode).toBe(201);
  });

  it('serves only names it made: anything else is a 404', async () => {
    for (const name of [
      '..%2F..%2Fetc%2Fpasswd',
      'x.png',
      '00000000-0000-0000-0000-000000000000.png',
      'a.svg',
    ]) {
      expect((await t.app.inject(`/api/v1/branding/${name}`)).statusCode).toBe(404);
    }
  });

  it('refuses a settings image that is neither our upload nor an http(s) address', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/settings',
      headers: { authorization: `Bearer ${admin}` },
      payload: { logo: 'javascript:alert(1)', favicon: '/api/v1/branding/../../secret.png' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['favicon', 'logo']);
    const unchanged = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.update'));
    expect(unchanged.every((r) => !JSON.stringify(r.after).includes('javascript'))).toBe(true);
  });
});
