import argon2 from 'argon2';

/** OWASP's argon2id floor: 19 MiB, 2 passes, 1 lane. */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of nothing in particular, verified when the email is unknown so that a wrong email
 * takes as long as a wrong password and does not reveal which accounts exist.
 */
let dummyHash: Promise<string> | undefined;
export async function burnVerifyTime(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-0000');
  await verifyPassword(await dummyHash, password);
  return false;
}
