import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A recorded webhook payload (fixtures/<name>.json) addressed to one of our users. */
export function fixture(name: string, userId: number): Buffer {
  const raw = readFileSync(path.join(import.meta.dirname, 'fixtures', `${name}.json`), 'utf8');
  return Buffer.from(raw.replace('__USER_ID__', String(userId)));
}
