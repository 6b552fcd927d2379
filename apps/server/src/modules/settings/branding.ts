import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BRANDING_FILE_PATTERN, BRANDING_PATH, type BrandingKind } from '@openbroker/domain';
import { fileTypeFromBuffer } from 'file-type';

/** Image types by the extension we store them under. SVG is refused: it can carry script. */
export const BRANDING_MIME: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  ico: 'image/x-icon',
};

/** Icons (.ico) only make sense as the favicon. */
const ALLOWED: Readonly<Record<BrandingKind, readonly string[]>> = {
  logo: ['png', 'jpg', 'webp', 'gif'],
  logo_sm: ['png', 'jpg', 'webp', 'gif'],
  favicon: ['png', 'jpg', 'webp', 'gif', 'ico'],
  plan_icon: ['png', 'jpg', 'webp', 'gif'],
};

export function allowedTypesMessage(kind: BrandingKind): string {
  const names = ALLOWED[kind].map((e) => e.toUpperCase()).join(', ');
  return `This file type is not allowed. Upload a ${names} image.`;
}

/**
 * The stored extension of an upload from its magic bytes (never its name or declared type), or null
 * when it is not an image this kind may be: a script renamed .png has no PNG signature.
 */
export async function detectBrandingType(bytes: Buffer, kind: BrandingKind): Promise<string | null> {
  if (bytes.length === 0) return null;
  const found = await fileTypeFromBuffer(bytes);
  if (!found || !ALLOWED[kind].includes(found.ext)) return null;
  return found.ext;
}

/** Where branding files live: `<DATA_DIR>/uploads/branding`. */
export function brandingDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'branding');
}

/**
 * Writes the bytes under a new random name and returns the public URL path. A name is never reused,
 * so what it serves never changes and browsers may cache it for good.
 */
export async function storeBrandingFile(dataDir: string, bytes: Buffer, ext: string): Promise<string> {
  const dir = brandingDir(dataDir);
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${ext}`;
  await writeFile(path.join(dir, name), bytes, { flag: 'wx', mode: 0o640 });
  return `${BRANDING_PATH}/${name}`;
}

/** The stored file's path and type, or null for a name we could not have made. */
export function brandingFile(dataDir: string, name: string): { path: string; mime: string } | null {
  if (!BRANDING_FILE_PATTERN.test(name)) return null;
  const mime = BRANDING_MIME[path.extname(name).slice(1)];
  return mime ? { path: path.join(brandingDir(dataDir), name), mime } : null;
}
