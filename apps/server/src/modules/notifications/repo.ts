import type { UserNotification } from '@openbroker/domain';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { DbOrTx } from '../accounts/repo.ts';

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

/** Notifications per page of `GET /notifications`; `GET /user` carries one page's worth too. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** SPEC §3 Notification as the client reads it (ids are strings: the client has 'temp-' ones). */
export function presentNotification(row: NotificationRow): UserNotification {
  return {
    id: String(row.id),
    title: row.title,
    message: row.message,
    color: row.color,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** One page of a user's notifications, newest first, with the total. */
export async function pageOfNotifications(
  db: Db,
  userId: number,
  page: number,
): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = eq(notifications.userId, userId);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(NOTIFICATIONS_PAGE_SIZE)
      .offset((page - 1) * NOTIFICATIONS_PAGE_SIZE),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** How many of a user's notifications are unread. */
export async function unreadNotificationCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/**
 * Marks one of the user's notifications read and returns it; an already-read one keeps its first
 * read time. Null when the user has no such notification.
 */
export async function markNotificationRead(
  db: Db,
  userId: number,
  id: number,
  now: Date,
): Promise<NotificationRow | null> {
  const owned = and(eq(notifications.id, id), eq(notifications.userId, userId));
  const [updated] = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(owned, isNull(notifications.readAt)))
    .returning();
  if (updated) return updated;
  const [existing] = await db.select().from(notifications).where(owned);
  return existing ?? null;
}

/** Marks every unread notification of the user read; returns how many changed. */
export async function markAllNotificationsRead(db: Db, userId: number, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Pushes a stored notification to its user's channel; call after the storing transaction commits. */
export function publishNotification(bus: Bus, row: NotificationRow): void {
  const { createdAt: _c, readAt: _r, ...notification } = row;
  bus.publish('notification.created', { userId: row.userId, notification });
}
