import type { SecretBox } from './secretBox.ts';
import { sameMac } from './secretBox.ts';

/** A sign-in challenge lives five minutes. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

interface ChallengeBody {
  u: number;
  e: number;
  /** A fingerprint of the password hash: a password change voids challenges issued before it. */
  p: string;
}

const fingerprint = (box: SecretBox, passwordHash: string) =>
  box.mac('challenge-pw', passwordHash).slice(0, 16);

/** A signed, short-lived token saying "this user got the password right"; no session until the code. */
export function issueChallenge(
  box: SecretBox,
  user: { id: number; passwordHash: string },
  now: Date,
): string {
  const body: ChallengeBody = {
    u: user.id,
    e: now.getTime() + CHALLENGE_TTL_MS,
    p: fingerprint(box, user.passwordHash),
  };
  const encoded = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${encoded}.${box.mac('challenge', encoded)}`;
}

/** The user id of a valid, unexpired challenge, or null. */
export function readChallenge(
  box: SecretBox,
  challenge: string,
  now: Date,
): { userId: number; fingerprint: string } | null {
  const [encoded, mac, ...rest] = challenge.split('.');
  if (!encoded || !mac || rest.length > 0 || !sameMac(mac, box.mac('challenge', encoded))) return null;
  try {
    const body = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Partial<ChallengeBody>;
    if (typeof body.u !== 'number' || typeof body.e !== 'number' || typeof body.p !== 'string') return null;
    if (body.e <= now.getTime()) return null;
    return { userId: body.u, fingerprint: body.p };
  } catch {
    return null;
  }
}

export function challengeMatches(
  box: SecretBox,
  read: { fingerprint: string },
  passwordHash: string,
): boolean {
  return sameMac(read.fingerprint, fingerprint(box, passwordHash));
}
