import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { CHAT_UPLOAD_MAX_BYTES } from '@openbroker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradingContext } from '../../test/trading.ts';
import {
  compoundFileBytes,
  createChatContext,
  docxBytes,
  jpegBytes,
  multipartBody,
  pdfBytes,
  pngBytes,
  send,
  storedFiles,
  upload,
  uploaded,
  xlsxBytes,
} from './chatTestSupport.ts';
import { chatUploadDir, TOO_LARGE, TYPE_NOT_ALLOWED } from './uploads.ts';

let t: TradingContext & { dataDir: string };
beforeAll(async () => {
  t = await createChatContext();
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const download = (token: string | undefined, url: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('POST /chat/upload', () => {
  it('keeps an image under a random name of ours and answers its url', async () => {
    const c = await t.customer(0);
    const bytes = pngBytes();
    const res = await upload(t, c.token, 'holiday photo.png', bytes, 'image/png');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.data).toEqual({
      id: expect.stringMatching(UUID),
      file_name: 'holiday photo.png',
      download_url: `/api/v1/chat/attachments/${body.data.id}`,
      is_image: true,
      size: bytes.length,
      mime: 'image/png',
    });
    expect(body.url).toBe(body.data.download_url);
    const files = await storedFiles(t.dataDir);
    const kept = files.filter((f) => f.endsWith('.png'));
    expect(kept.length).toBeGreaterThan(0);
    expect(files.every((f) => /^[0-9a-f-]{36}\.[a-z]+$/.test(f))).toBe(true);
    const stored = await Promise.all(kept.map((f) => readFile(path.join(chatUploadDir(t.dataDir), f))));
    expect(stored.some((b) => b.equals(bytes))).toBe(true);
  });

  it.each([
    ['scan.jpg', jpegBytes(), 'image/jpeg', true],
    ['anim.gif', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]), 'image/gif', true],
    ['statement.pdf', pdfBytes(), 'application/pdf', false],
    [
      'letter.docx',
      docxBytes(),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      false,
    ],
    ['sheet.xlsx', xlsxBytes(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', false],
    ['old.doc', compoundFileBytes(), 'application/msword', false],
    ['OLD.XLS', compoundFileBytes(), 'application/vnd.ms-excel', false],
  ])('accepts %s as %s', async (name, bytes, mime, isImage) => {
    const c = await t.customer(0);
    const res = await upload(t, c.token, name, bytes);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ file_name: name, mime, is_image: isImage, size: bytes.length });
  });

  it.each([
    ['a PHP script renamed .jpg', 'shell.jpg', Buffer.from('<?php system($_GET["cmd"]); ?>'), 'image/jpeg'],
    [
      'an SVG with a script',
      'logo.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/svg+xml',
    ],
    [
      'an HTML page named .png',
      'page.png',
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      'image/png',
    ],
    ['a compound file not named .doc or .xls', 'macro.jpg', compoundFileBytes(), 'image/jpeg'],
    [
      'a zip that is not Office',
      'data.docx',
      Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.alloc(40)]),
      'application/zip',
    ],
    ['an empty file', 'empty.png', Buffer.alloc(0), 'image/png'],
  ])('rejects %s and stores nothing', async (_what, name, bytes, type) => {
    const c = await t.customer(0);
    const before = await storedFiles(t.dataDir);
    const res = await upload(t, c.token, name, bytes, type);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: TYPE_NOT_ALLOWED,
      code: 'VALIDATION_FAILED',
      errors: { file: [TYPE_NOT_ALLOWED] },
    });
    expect(await storedFiles(t.dataDir)).toEqual(before);
  });

  it('rejects a file of 10 MB + 1 byte and writes nothing to disk', async () => {
    const fresh = await createChatContext();
    try {
      const c = await fresh.customer(0);
      const bytes = Buffer.concat([pngBytes(), Buffer.alloc(CHAT_UPLOAD_MAX_BYTES + 1 - pngBytes().length)]);
      expect(bytes.length).toBe(CHAT_UPLOAD_MAX_BYTES + 1);
      const res = await upload(fresh, c.token, 'huge.png', bytes, 'image/png');
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        message: TOO_LARGE,
        code: 'PAYLOAD_TOO_LARGE',
        errors: { file: [TOO_LARGE] },
      });
      expect(await storedFiles(fresh.dataDir)).toEqual([]);
      // Exactly 10 MB is fine.
      const atLimit = await upload(fresh, c.token, 'big.png', bytes.subarray(0, CHAT_UPLOAD_MAX_BYTES));
      expect(atLimit.statusCode).toBe(201);
      expect(atLimit.json().data.size).toBe(CHAT_UPLOAD_MAX_BYTES);
    } finally {
      await fresh.close();
    }
  });

  it('needs a session and a multipart body with a `file` field', async () => {
    const c = await t.customer(0);
    const body = multipartBody([{ name: 'file', fileName: 'a.png', content: pngBytes() }]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/upload',
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);

    const json = await t.call(c.token, 'POST', '/chat/upload', { file: 'iVBORw0KGgo=' });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors.file).toBeDefined();

    const wrongField = multipartBody([{ name: 'document', fileName: 'a.png', content: pngBytes() }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/upload',
      headers: { ...wrongField.headers, authorization: `Bearer ${c.token}` },
      payload: wrongField.payload,
    });
    expect(res.statusCode).toBe(422);
    const fieldsOnly = multipartBody([{ name: 'file', content: 'not a file' }]);
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/upload',
      headers: { ...fieldsOnly.headers, authorization: `Bearer ${c.token}` },
      payload: fieldsOnly.payload,
    });
    expect(noFile.statusCode).toBe(422);
  });

  it('keeps only a harmless client name', async () => {
    const c = await t.customer(0);
    const res = await upload(t, c.token, 'a\u202egpj.exe\u0007.pdf', pdfBytes());
    expect(res.statusCode).toBe(201);
    expect(res.json().data.file_name).toBe('agpj.exe.pdf');
    const long = await upload(t, c.token, `${'x'.repeat(300)}.pdf`, pdfBytes());
    expect(long.json().data.file_name).toHaveLength(200);
  });
});

describe('GET /chat/attachments/:id', () => {
  it('serves an image inline to its uploader, with safe headers, and as a download on request', async () => {
    const c = await t.customer(0);
    const bytes = pngBytes();
    const { url } = await uploaded(t, c.token, 'photo.png', bytes);
    const res = await download(c.token, url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(bytes.length),
      'content-disposition': `inline; filename="photo.png"; filename*=UTF-8''photo.png`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, max-age=86400',
    });
    const asFile = await download(c.token, `${url}?download=1`);
    expect(asFile.headers['content-disposition']).toBe(
      `attachment; filename="photo.png"; filename*=UTF-8''photo.png`,
    );
  });

  it('always serves documents as attachments, with an ASCII fallback name', async () => {
    const c = await t.customer(0);
    const { url } = await uploaded(t, c.token, 'résumé final.pdf', pdfBytes());
    const res = await download(c.token, url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="r_sum_ final.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20final.pdf`,
    );
  });

  it('lets only the conversation’s customer and staff read a sent attachment; others get 404', async () => {
    const a = await t.customer(0);
    const b = await t.customer(0);
    const { url } = await uploaded(t, a.token, 'id-card.png', pngBytes());
    expect((await download(b.token, url)).statusCode).toBe(404);
    expect((await download(t.staff, url)).statusCode).toBe(200);
    expect((await download(undefined, url)).statusCode).toBe(401);

    await send(t, a.token, { message: 'my id', attachments: [url] });
    expect((await download(a.token, url)).statusCode).toBe(200);
    expect((await download(t.staff, url)).statusCode).toBe(200);
    const other = await download(b.token, url);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'No such attachment.', code: 'NOT_FOUND' });

    // Staff's file is the customer's once sent into their conversation, and only then.
    const fromStaff = await uploaded(t, t.staff, 'form.pdf', pdfBytes());
    expect((await download(a.token, fromStaff.url)).statusCode).toBe(404);
    await send(t, t.staff, { message: 'Fill this in', attachments: [fromStaff.url], customer_id: a.userId });
    expect((await download(a.token, fromStaff.url)).statusCode).toBe(200);
    expect((await download(b.token, fromStaff.url)).statusCode).toBe(404);
  });

  it('answers 404 for unknown ids, malformed ids and files gone from disk', async () => {
    const c = await t.customer(0);
    const missing = await download(c.token, '/api/v1/chat/attachments/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect((await download(c.token, '/api/v1/chat/attachments/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
    expect((await download(c.token, '/api/v1/chat/attachments/not-an-id')).statusCode).toBe(404);

    const { url } = await uploaded(t, c.token, 'gone.pdf', pdfBytes());
    await rm(chatUploadDir(t.dataDir), { recursive: true, force: true });
    expect((await download(c.token, url)).statusCode).toBe(404);
  });
});
