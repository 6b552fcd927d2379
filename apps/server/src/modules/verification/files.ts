import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type DetectedType, detectChatFileType } from '../chat/uploads.ts';

/** Verification accepts photos and scans only: JPEG, PNG, WebP or PDF, told by their bytes. */
const ALLOWED_EXT = new Set(['jpg', 'png', 'webp', 'pdf']);

export const VERIFICATION_TYPE_NOT_ALLOWED =
  'This file type is not allowed. Upload a JPEG, PNG or WebP photo, or a PDF scan.';
export const VERIFICATION_TOO_LARGE = 'The file is larger than 10 MB.';

/** The file's type from its magic bytes (the chat check), narrowed to what verification accepts. */
export async function detectVerificationType(
  bytes: Buffer,
  clientName: string,
): Promise<DetectedType | null> {
  const found = await detectChatFileType(bytes, clientName);
  return found && ALLOWED_EXT.has(found.ext) ? found : null;
}

export function verificationUploadDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'verification');
}

/** Writes under a new random name (never the client's), readable by the server only. */
export async function storeVerificationFile(dataDir: string, bytes: Buffer, ext: string): Promise<string> {
  const dir = verificationUploadDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const storedName = `${randomUUID()}.${ext}`;
  await writeFile(path.join(dir, storedName), bytes, { flag: 'wx', mode: 0o600 });
  return storedName;
}

export async function removeVerificationFile(dataDir: string, storedName: string): Promise<void> {
  await unlink(verificationFilePath(dataDir, storedName)).catch(() => undefined);
}

export function verificationFilePath(dataDir: string, storedName: string): string {
  if (path.basename(storedName) !== storedName) throw new Error(`bad stored name ${storedName}`);
  return path.join(verificationUploadDir(dataDir), storedName);
}
