import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oneTimeTokens } from '../../db/schema.ts';
import type { DbOrTx } from '../accounts/repo.ts';
import { hashToken, newToken } from './tokens.ts';

export type TokenPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

/** How long each kind of link works. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  password_reset: 60 * 60 * 1000,
  auto_login: 5 * 60 * 1000,
  // A lock lasts one throttle window at most; the link is useless after it anyway.
  account_unlock: 60 * 60 * 1000,
};

/** `ttlMs` overrides the purpose's validity (a staff invitation's set-your-password link: 72 h). */
export async function issueOneTimeToken(
  db: DbOrTx,
  userId: number,
  purpose: TokenPurpose,
  now: Date,
  ttlMs: number = TOKEN_TTL_MS[purpose],
): Promise<string> {
  const token = newToken();
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

/**
 * Marks a live token used and returns its user id; a used, expired or unknown token returns
 * undefined. The conditional update makes two racing redemptions succeed once.
 */
export async function redeemOneTimeToken(
  db: Db,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId;
}
