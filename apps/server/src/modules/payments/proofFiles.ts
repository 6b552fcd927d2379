import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type DetectedType, detectChatFileType } from '../chat/uploads.ts';

/** A wire's transfer confirmation: a PDF or a photo/scan, told by its bytes (as chat uploads are). */
const ALLOWED_EXT = new Set(['pdf', 'jpg', 'png', 'webp']);
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
export const PROOF_TYPE_NOT_ALLOWED =
  'This file type is not allowed. Upload a PDF, or a JPEG, PNG or WebP image.';
export const PROOF_TOO_LARGE = 'The file is larger than 10 MB.';

export async function detectProofType(bytes: Buffer, clientName: string): Promise<DetectedType | null> {
  const found = await detectChatFileType(bytes, clientName);
  return found && ALLOWED_EXT.has(found.ext) ? found : null;
}

function proofDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'deposits');
}

/** Writes under a new random name (never the client's), readable by the server only. */
export async function storeProofFile(dataDir: string, bytes: Buffer, ext: string): Promise<string> {
  const dir = proofDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const storedName = `${randomUUID()}.${ext}`;
  await writeFile(path.join(dir, storedName), bytes, { flag: 'wx', mode: 0o600 });
  return storedName;
}

export function proofFilePath(dataDir: string, storedName: string): string {
  if (path.basename(storedName) !== storedName) throw new Error(`bad stored name ${storedName}`);
  return path.join(proofDir(dataDir), storedName);
}

export async function removeProofFile(dataDir: string, storedName: string): Promise<void> {
  await unlink(proofFilePath(dataDir, storedName)).catch(() => undefined);
}
