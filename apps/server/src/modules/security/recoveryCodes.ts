import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@openbroker/domain';
import type { SecretBox } from './secretBox.ts';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function part(): string {
  let s = '';
  for (let i = 0; i < 5; i += 1) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

/** Ten fresh `abcde-12345` codes (50 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
}

/** Keyed (HMAC) so a copy of the database alone cannot be searched for the codes. */
export function hashRecoveryCode(box: SecretBox, userId: number, code: string): string {
  return box.mac('recovery', `${userId}:${code}`);
}
