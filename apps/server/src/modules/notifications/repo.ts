import { notifications } from '../../db/schema.ts';
import type { DbOrTx } from '../ledger/ledgerRepo.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationColor = NotificationRow['color'];

export interface NewNotification {
  userId: number;
  title: string;
  message: string;
  color: NotificationColor;
}

/** Stores a notification for a user (SPEC §3 Notification); the caller publishes it after commit. */
export async function insertNotification(db: DbOrTx, n: NewNotification): Promise<NotificationRow> {
  const [row] = await db.insert(notifications).values(n).returning();
  if (!row) throw new Error('notification insert returned nothing');
  return row;
}
