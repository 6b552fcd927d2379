import { createHash, randomBytes } from 'node:crypto';

/** 256 bits from the OS CSPRNG, URL-safe: well over DESIGN §4's 128-bit floor. */
export const TOKEN_BYTES = 32;

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** Tokens are stored only as this digest; a fast hash is right here because the token itself is high-entropy. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
