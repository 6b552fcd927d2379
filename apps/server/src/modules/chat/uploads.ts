import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';

/** What a chat upload may be (SPEC §2: images, pdf, Word and Excel), decided from its bytes. */
export interface DetectedType {
  ext: string;
  mime: string;
  isImage: boolean;
}

const IMAGES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};
const DOCUMENTS: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
/** Legacy Office files are OLE compound files ('cfb'); only the client's extension tells Word from Excel. */
const LEGACY_OFFICE: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
};

export const TYPE_NOT_ALLOWED = 'This file type is not allowed. Attach an image, PDF, Word or Excel file.';
export const TOO_LARGE = 'The file is larger than 10 MB.';

/**
 * The allowed type of a file from its magic bytes, or null. The client's name matters only to tell
 * a legacy .doc from an .xls (both are compound files); a script renamed .jpg has no image bytes.
 */
export async function detectChatFileType(bytes: Buffer, clientName: string): Promise<DetectedType | null> {
  if (bytes.length === 0) return null;
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return null;
  const image = IMAGES[found.ext];
  if (image) return { ext: found.ext, mime: image, isImage: true };
  const document = DOCUMENTS[found.ext];
  if (document) return { ext: found.ext, mime: document, isImage: false };
  if (found.ext === 'cfb') {
    const ext = path.extname(clientName).slice(1).toLowerCase();
    const legacy = LEGACY_OFFICE[ext];
    if (legacy) return { ext, mime: legacy, isImage: false };
  }
  return null;
}

/** Longest client file name we keep (for Content-Disposition only). */
export const FILE_NAME_MAX = 200;

/**
 * The client's file name made harmless for a header: no directories, no control or bidirectional
 * override characters, at most FILE_NAME_MAX characters; `file.<ext>` when nothing is left.
 */
export function sanitizeFileName(raw: string, fallbackExt: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  const name = cleaned === '' || cleaned === '.' || cleaned === '..' ? `file.${fallbackExt}` : cleaned;
  return Array.from(name).slice(0, FILE_NAME_MAX).join('');
}

/** Where chat uploads live: `<DATA_DIR>/uploads/chat`. */
export function chatUploadDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'chat');
}

/** Writes the bytes under a new random name (never the client's) and returns that name. */
export async function storeChatFile(dataDir: string, bytes: Buffer, ext: string): Promise<string> {
  const dir = chatUploadDir(dataDir);
  await mkdir(dir, { recursive: true });
  const storedName = `${randomUUID()}.${ext}`;
  await writeFile(path.join(dir, storedName), bytes, { flag: 'wx', mode: 0o600 });
  return storedName;
}

/** Removes a stored file; a missing one is fine. */
export async function removeChatFile(dataDir: string, storedName: string): Promise<void> {
  await unlink(path.join(chatUploadDir(dataDir), storedName)).catch(() => undefined);
}

/** The absolute path of a stored file; the name is ours, but refuse anything that is not a plain name. */
export function chatFilePath(dataDir: string, storedName: string): string {
  if (path.basename(storedName) !== storedName) throw new Error(`bad stored name ${storedName}`);
  return path.join(chatUploadDir(dataDir), storedName);
}

/**
 * `attachment` or `inline` with both an ASCII `filename` (quotes and non-ASCII replaced) and the
 * exact name as RFC 5987 `filename*`.
 */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
