import { and, asc, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatAttachments, chatMessages, users } from '../../db/schema.ts';
import type { DbOrTx } from '../accounts/repo.ts';

export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type ChatAttachmentRow = typeof chatAttachments.$inferSelect;
export type NewChatAttachment = typeof chatAttachments.$inferInsert;

/** The sender fields a message shows (SPEC §3: first_name, name, avatar). */
export interface SenderRow {
  firstName: string;
  lastName: string;
  avatar: string | null;
}
export interface MessageWithSender {
  message: ChatMessageRow;
  sender: SenderRow;
}

const senderColumns = { firstName: users.firstName, lastName: users.lastName, avatar: users.avatar };

function messagesWithSenders(db: Db) {
  return db
    .select({ message: chatMessages, sender: senderColumns })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.senderId));
}

export async function insertMessage(
  tx: DbOrTx,
  values: { customerId: number; senderId: number; isAdmin: boolean; body: string; createdAt: Date },
): Promise<ChatMessageRow> {
  const [row] = await tx.insert(chatMessages).values(values).returning();
  if (!row) throw new Error('chat message insert returned nothing');
  return row;
}

/**
 * Links the uploader's own, still unattached uploads to a message and returns those it took. Under
 * PostgreSQL's row locks two messages racing for one upload cannot both get it.
 */
export function attachUploads(
  tx: DbOrTx,
  messageId: number,
  uploaderId: number,
  ids: string[],
): Promise<ChatAttachmentRow[]> {
  return tx
    .update(chatAttachments)
    .set({ messageId })
    .where(
      and(
        inArray(chatAttachments.id, ids),
        eq(chatAttachments.uploaderId, uploaderId),
        isNull(chatAttachments.messageId),
      ),
    )
    .returning();
}

/** `limit` messages of a conversation, newest first, skipping the `offset` newest. */
export function newestMessages(
  db: Db,
  customerId: number,
  limit: number,
  offset: number,
): Promise<MessageWithSender[]> {
  return messagesWithSenders(db)
    .where(eq(chatMessages.customerId, customerId))
    .orderBy(desc(chatMessages.id))
    .limit(limit)
    .offset(offset);
}

/** Messages of a conversation created at or after `after`, oldest first. */
export function messagesSince(
  db: Db,
  customerId: number,
  after: Date,
  limit: number,
): Promise<MessageWithSender[]> {
  return messagesWithSenders(db)
    .where(and(eq(chatMessages.customerId, customerId), gte(chatMessages.createdAt, after)))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
    .limit(limit);
}

/** The attachments of these messages, in upload order. */
export async function attachmentsOf(db: Db, messageIds: number[]): Promise<ChatAttachmentRow[]> {
  if (messageIds.length === 0) return [];
  return db
    .select()
    .from(chatAttachments)
    .where(inArray(chatAttachments.messageId, messageIds))
    .orderBy(asc(chatAttachments.createdAt), asc(chatAttachments.id));
}

export async function insertAttachment(db: DbOrTx, values: NewChatAttachment): Promise<ChatAttachmentRow> {
  const [row] = await db.insert(chatAttachments).values(values).returning();
  if (!row) throw new Error('chat attachment insert returned nothing');
  return row;
}

/** An attachment with the conversation it belongs to (null while unattached). */
export async function findAttachment(
  db: Db,
  id: string,
): Promise<{ attachment: ChatAttachmentRow; customerId: number | null } | undefined> {
  const [row] = await db
    .select({ attachment: chatAttachments, customerId: chatMessages.customerId })
    .from(chatAttachments)
    .leftJoin(chatMessages, eq(chatMessages.id, chatAttachments.messageId))
    .where(eq(chatAttachments.id, id))
    .limit(1);
  return row;
}

/** How many uploads of a user wait for a message, made since `since`. */
export async function unattachedUploadsSince(db: Db, uploaderId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatAttachments)
    .where(
      and(
        eq(chatAttachments.uploaderId, uploaderId),
        isNull(chatAttachments.messageId),
        gte(chatAttachments.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Marks the other side's unread messages of a conversation read: a customer reads staff messages
 * (`is_admin`), staff read the customer's. Returns the ids that changed, ascending.
 */
export async function markConversationRead(
  db: Db,
  customerId: number,
  readerIsStaff: boolean,
  now: Date,
): Promise<number[]> {
  const rows = await db
    .update(chatMessages)
    .set({ readAt: now })
    .where(
      and(
        eq(chatMessages.customerId, customerId),
        eq(chatMessages.isAdmin, !readerIsStaff),
        isNull(chatMessages.readAt),
      ),
    )
    .returning({ id: chatMessages.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Unread messages for one reader: a customer's unread staff replies, or (no customer) all customers' messages staff have not read. */
export async function unreadCount(db: Db, reader: { customerId: number } | 'staff'): Promise<number> {
  const where =
    reader === 'staff'
      ? and(eq(chatMessages.isAdmin, false), isNull(chatMessages.readAt))
      : and(
          eq(chatMessages.isAdmin, true),
          eq(chatMessages.customerId, reader.customerId),
          isNull(chatMessages.readAt),
        );
  const [row] = await db.select({ n: count() }).from(chatMessages).where(where);
  return row?.n ?? 0;
}

export interface ChatUserRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  avatar: string | null;
  status: 'active' | 'pending' | 'deactivated';
  lastSeenAt: Date | null;
  accountNumber: string | null;
  unread: number;
  lastMessage: string | null;
  lastMessageAt: Date | null;
}

/**
 * The Admin Chat list in one query: customers by their conversation's last message (newest
 * first), those without messages after them by name, each with their first account's number and
 * the count of their messages staff have not read.
 */
export function chatUserRows(db: Db, limit: number): Promise<ChatUserRow[]> {
  // Written out with aliases: drizzle leaves columns unqualified in a one-table select, and a bare
  // "id" inside these subqueries would mean the inner table's.
  const lastMessageAt =
    sql<Date | null>`(select m.created_at from chat_messages m where m.customer_id = "users"."id" order by m.id desc limit 1)`
      .mapWith(chatMessages.createdAt)
      .as('last_message_at');
  const lastMessage = sql<
    string | null
  >`(select m.body from chat_messages m where m.customer_id = "users"."id" order by m.id desc limit 1)`;
  const unread =
    sql<number>`(select count(*) from chat_messages m where m.customer_id = "users"."id" and not m.is_admin and m.read_at is null)`.mapWith(
      Number,
    );
  const accountNumber = sql<
    string | null
  >`(select a.number from trading_accounts a where a.user_id = "users"."id" order by a.id limit 1)`;
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      avatar: users.avatar,
      status: users.status,
      lastSeenAt: users.lastSeenAt,
      accountNumber,
      unread,
      lastMessage,
      lastMessageAt,
    })
    .from(users)
    .where(eq(users.role, 'customer'))
    .orderBy(sql`last_message_at desc nulls last`, asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(limit);
}
