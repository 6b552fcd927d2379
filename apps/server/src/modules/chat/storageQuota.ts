import { eq, sum } from 'drizzle-orm';
import { chatAttachments, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { DbOrTx } from '../accounts/repo.ts';
import type { UserRow } from '../auth/sessionRepo.ts';

/** What one customer may keep stored in uploads, in total (a full disk stops everyone). */
export const USER_UPLOAD_QUOTA_BYTES = 200 * 1024 * 1024;

export const UPLOAD_PENDING_MESSAGE = 'Your account is awaiting approval; uploads open once it is approved.';

export function quotaMessage(quotaBytes: number = USER_UPLOAD_QUOTA_BYTES): string {
  const mb = Math.round(quotaBytes / (1024 * 1024));
  return `Your uploads have reached the ${mb} MB storage limit. Contact support to free up space.`;
}

/** Pending customers cannot upload yet; staff and approved customers can. */
export function assertMayUpload(user: Pick<UserRow, 'role' | 'status'>): void {
  if (user.role === 'customer' && user.status === 'pending') {
    throw new AppError('FORBIDDEN', UPLOAD_PENDING_MESSAGE);
  }
}

/** Bytes a user's uploads hold on disk now. */
export async function storedBytesOf(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sum(chatAttachments.sizeBytes) })
    .from(chatAttachments)
    .where(eq(chatAttachments.uploaderId, userId));
  return Number(row?.total ?? 0);
}

/**
 * Refuses (413) an upload that would take a customer past the quota. Call inside the transaction that
 * inserts the upload's row: the user's row lock makes parallel uploads of one user count one by one.
 * Staff are not capped: they upload for many customers.
 */
export async function assertStorageRoom(
  tx: DbOrTx,
  user: Pick<UserRow, 'id' | 'role'>,
  incomingBytes: number,
  quotaBytes: number = USER_UPLOAD_QUOTA_BYTES,
): Promise<void> {
  if (user.role !== 'customer') return;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
  if ((await storedBytesOf(tx, user.id)) + incomingBytes > quotaBytes) {
    const message = quotaMessage(quotaBytes);
    throw new AppError('PAYLOAD_TOO_LARGE', message, { file: [message] });
  }
}
