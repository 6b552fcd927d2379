import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { ChatAttachment, ChatMessage } from '@openbroker/domain';
import type { LightMyRequestResponse } from 'fastify';
import { createTradingContext, type TradingContext } from '../../test/trading.ts';
import { chatUploadDir } from './uploads.ts';

/** A trading test context whose DATA_DIR is a fresh temporary folder, removed on close. */
export async function createChatContext(): Promise<TradingContext & { dataDir: string }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ob-chat-'));
  const t = await createTradingContext({ DATA_DIR: dataDir });
  return {
    ...t,
    dataDir,
    async close() {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The files kept under `<dataDir>/uploads/chat` (none when the folder is not there yet). */
export async function storedFiles(dataDir: string): Promise<string[]> {
  return readdir(chatUploadDir(dataDir)).catch(() => []);
}

/** A multipart/form-data body built by hand, as a browser's FormData would send it. */
export function multipartBody(
  parts: Array<{ name: string; fileName?: string; contentType?: string; content: Buffer | string }>,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----openbroker${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition =
      p.fileName === undefined
        ? `form-data; name="${p.name}"`
        : `form-data; name="${p.name}"; filename="${p.fileName}"`;
    const type =
      p.fileName === undefined ? '' : `Content-Type: ${p.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof p.content === 'string' ? Buffer.from(p.content) : p.content);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** `POST /chat/upload` of one file in the `file` field. */
export function upload(
  t: TradingContext,
  token: string,
  fileName: string,
  content: Buffer | string,
  contentType = 'application/octet-stream',
): Promise<LightMyRequestResponse> {
  const body = multipartBody([{ name: 'file', fileName, contentType, content }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/chat/upload',
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
}

/** Uploads and returns the attachment, failing the test when the upload is refused. */
export async function uploaded(
  t: TradingContext,
  token: string,
  fileName: string,
  content: Buffer,
): Promise<{ url: string; data: ChatAttachment }> {
  const res = await upload(t, token, fileName, content);
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** `POST /chat/messages`, returning the stored message or failing the test. */
export async function send(
  t: TradingContext,
  token: string,
  payload: { message?: string; attachments?: string[]; customer_id?: number },
): Promise<ChatMessage> {
  const res = await t.call(token, 'POST', '/chat/messages', payload);
  if (res.statusCode !== 201) throw new Error(`send failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: ChatMessage }>().data;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 1×1 PNG. */
export function pngBytes(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of a JPEG (SOI + JFIF APP0), enough for magic-byte detection. */
export function jpegBytes(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.alloc(64, 0),
    Buffer.from([0xff, 0xd9]),
  ]);
}

export function pdfBytes(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
}

/** An OLE compound file header, as legacy .doc and .xls files start. */
export function compoundFileBytes(): Buffer {
  const b = Buffer.alloc(1024, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b);
  return b;
}

/** A minimal zip (stored entries) with the given files. */
export function zipBytes(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = Object.keys(files).length;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const contentTypes = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/main.xml" ContentType="${main}"/></Types>`;

export const docxBytes = (): Buffer =>
  zipBytes({
    '[Content_Types].xml': contentTypes(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
    ),
    'word/document.xml': '<w:document/>',
  });

export const xlsxBytes = (): Buffer =>
  zipBytes({
    '[Content_Types].xml': contentTypes(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
    ),
    'xl/workbook.xml': '<workbook/>',
  });
