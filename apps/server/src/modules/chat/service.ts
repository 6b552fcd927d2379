import { randomUUID } from 'node:crypto';
import {
  CHAT_PAGE_SIZE,
  CHAT_UPLOAD_MAX_BYTES,
  type ChatAttachment,
  type ChatListQuery,
  type ChatMessage,
  type ChatPage,
  type ChatUser,
  parseChatTime,
} from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { AppError, validationError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { UserRow } from '../auth/sessionRepo.ts';
import { ONLINE_WINDOW_MS } from '../users/presentUser.ts';
import { findUserById } from '../users/repo.ts';
import {
  attachmentIdOf,
  isAttachmentId,
  presentAttachment,
  presentChatUser,
  presentMessage,
} from './present.ts';
import {
  attachmentsOf,
  attachUploads,
  type ChatAttachmentRow,
  chatUserRows,
  findAttachment,
  insertAttachment,
  insertMessage,
  type MessageWithSender,
  markConversationRead,
  messagesSince,
  newestMessages,
  unattachedUploadsSince,
  unreadCount,
} from './repo.ts';
import { assertMayUpload, assertStorageRoom } from './storageQuota.ts';
import {
  chatFilePath,
  detectChatFileType,
  removeChatFile,
  sanitizeFileName,
  storeChatFile,
  TOO_LARGE,
  TYPE_NOT_ALLOWED,
} from './uploads.ts';

/** `after` polling answers at most this many messages; the client asks again from the last one. */
export const CHAT_AFTER_LIMIT = 200;
/** `GET /admin/users` lists at most this many customers. */
export const CHAT_USERS_LIMIT = 500;
/** Uploads a user may hold unsent within a day, so the disk cannot be filled through the chat. */
export const CHAT_UNSENT_UPLOADS_PER_DAY = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

export const BAD_ATTACHMENTS =
  'Each attachment must be a file you uploaded with /chat/upload and not yet sent in a message.';

export type ChatReader = Pick<UserRow, 'id' | 'role'>;
export type ChatSender = Pick<UserRow, 'id' | 'role' | 'firstName' | 'lastName' | 'avatar'>;

export interface ChatDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
  /** Uploads go under `<dataDir>/uploads/chat`. */
  dataDir: string;
}

export type ChatService = ReturnType<typeof createChatService>;

/** Support chat (SPEC §2 Chat, §7): one conversation per customer, between the customer and staff. */
export function createChatService(deps: ChatDeps) {
  const { db, clock, bus, dataDir } = deps;

  /**
   * Whose conversation a call is about: a customer's own (naming another customer is 403), or for
   * staff the customer they name (required; 404 when it is not a customer).
   */
  async function conversationOf(user: ChatReader, customerId: number | undefined): Promise<number> {
    if (user.role === 'customer') {
      if (customerId !== undefined && customerId !== user.id) {
        throw new AppError('FORBIDDEN', 'You can only use your own conversation.');
      }
      return user.id;
    }
    if (customerId === undefined) {
      throw validationError({
        customer_id: ['Choose the customer whose conversation this is (customer_id).'],
      });
    }
    const customer = await findUserById(db, customerId);
    if (customer?.role !== 'customer') throw new AppError('NOT_FOUND', 'No customer with that id.');
    return customer.id;
  }

  /** Presents messages with their attachments, loaded in one query. */
  async function present(rows: MessageWithSender[]): Promise<ChatMessage[]> {
    const attachments = await attachmentsOf(
      db,
      rows.map((r) => r.message.id),
    );
    const byMessage = new Map<number, ChatAttachmentRow[]>();
    for (const a of attachments) {
      if (a.messageId === null) continue;
      byMessage.set(a.messageId, [...(byMessage.get(a.messageId) ?? []), a]);
    }
    return rows.map((r) => presentMessage(r.message, r.sender, byMessage.get(r.message.id) ?? []));
  }

  return {
    /**
     * One page of a conversation (SPEC §7): page 1 is the newest CHAT_PAGE_SIZE, each page oldest
     * first inside; with `after`, everything from that time on (oldest first, capped), no next page.
     */
    async list(user: ChatReader, query: ChatListQuery): Promise<ChatPage> {
      const customerId = await conversationOf(user, query.customer_id);
      const after = query.after === undefined ? null : parseChatTime(query.after);
      if (after) {
        const rows = await messagesSince(db, customerId, after, CHAT_AFTER_LIMIT);
        return { data: await present(rows), next_page_url: null };
      }
      const rows = await newestMessages(
        db,
        customerId,
        CHAT_PAGE_SIZE + 1,
        (query.page - 1) * CHAT_PAGE_SIZE,
      );
      const hasOlder = rows.length > CHAT_PAGE_SIZE;
      const page = rows.slice(0, CHAT_PAGE_SIZE).reverse();
      const forCustomer = query.customer_id === undefined ? '' : `&customer_id=${customerId}`;
      return {
        data: await present(page),
        next_page_url: hasOlder ? `/chat/messages?page=${query.page + 1}${forCustomer}` : null,
      };
    },

    /**
     * Stores a message and takes its attachments in one transaction, then publishes `chat.sent`.
     * Attachments must be the sender's own unsent uploads, named by the urls upload returned.
     */
    async send(
      user: ChatSender,
      input: { message: string; attachments: string[]; customer_id?: number | undefined },
    ): Promise<ChatMessage> {
      const customerId = await conversationOf(user, input.customer_id);
      const ids: string[] = [];
      for (const url of input.attachments) {
        const id = attachmentIdOf(url);
        if (!id) throw validationError({ attachments: [BAD_ATTACHMENTS] });
        if (!ids.includes(id)) ids.push(id);
      }
      const { row, attached } = await db.transaction(async (tx) => {
        const row = await insertMessage(tx, {
          customerId,
          senderId: user.id,
          isAdmin: user.role === 'staff',
          body: input.message,
          createdAt: clock.now(),
        });
        const attached = ids.length === 0 ? [] : await attachUploads(tx, row.id, user.id, ids);
        // Throwing rolls the message back too: nothing half-sent.
        if (attached.length !== ids.length) throw validationError({ attachments: [BAD_ATTACHMENTS] });
        return { row, attached };
      });
      attached.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
      const message = presentMessage(row, user, attached);
      bus.publish('chat.sent', { message });
      return message;
    },

    /**
     * Keeps an uploaded file if its bytes are an allowed type: under a random name of ours, with
     * the client's name sanitized for downloads only.
     */
    /** Checked before the body is read, so a pending customer's file is never received. */
    mayUpload(user: Pick<UserRow, 'role' | 'status'>): void {
      assertMayUpload(user);
    },

    async upload(
      user: Pick<UserRow, 'id' | 'role' | 'status'>,
      file: { bytes: Buffer; fileName: string },
    ): Promise<ChatAttachment> {
      assertMayUpload(user);
      if (file.bytes.length > CHAT_UPLOAD_MAX_BYTES) {
        throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE, { file: [TOO_LARGE] });
      }
      const type = await detectChatFileType(file.bytes, file.fileName);
      if (!type) throw validationError({ file: [TYPE_NOT_ALLOWED] });
      const now = clock.now();
      if (
        (await unattachedUploadsSince(db, user.id, new Date(now.getTime() - DAY_MS))) >=
        CHAT_UNSENT_UPLOADS_PER_DAY
      ) {
        throw new AppError('RATE_LIMITED', 'Too many files waiting to be sent. Send or discard some first.');
      }
      const storedName = await storeChatFile(dataDir, file.bytes, type.ext);
      try {
        const row = await db.transaction(async (tx) => {
          await assertStorageRoom(tx, user, file.bytes.length);
          return insertAttachment(tx, {
            id: randomUUID(),
            uploaderId: user.id,
            storedName,
            fileName: sanitizeFileName(file.fileName, type.ext),
            mime: type.mime,
            sizeBytes: file.bytes.length,
            isImage: type.isImage,
            createdAt: now,
          });
        });
        return presentAttachment(row);
      } catch (e) {
        await removeChatFile(dataDir, storedName);
        throw e;
      }
    },

    /**
     * An attachment the user may read: staff any, the conversation's customer those of their
     * conversation, the uploader their unsent uploads. Anyone else gets the same 404 as for none.
     */
    async attachmentFor(user: ChatReader, id: string): Promise<{ row: ChatAttachmentRow; path: string }> {
      const notFound = new AppError('NOT_FOUND', 'No such attachment.');
      if (!isAttachmentId(id)) throw notFound;
      const found = await findAttachment(db, id.toLowerCase());
      if (!found) throw notFound;
      const { attachment, customerId } = found;
      const allowed =
        user.role === 'staff' ||
        (customerId === null ? attachment.uploaderId === user.id : customerId === user.id);
      if (!allowed) throw notFound;
      return { row: attachment, path: chatFilePath(dataDir, attachment.storedName) };
    },

    /** Marks the other side's messages read and publishes `chat.read` when any changed. */
    async read(user: ChatReader, customerIdParam: number | undefined): Promise<number[]> {
      const customerId = await conversationOf(user, customerIdParam);
      const now = clock.now();
      const ids = await markConversationRead(db, customerId, user.role === 'staff', now);
      const newest = ids.at(-1);
      if (newest !== undefined) {
        bus.publish('chat.read', {
          customer_id: customerId,
          message_id: newest,
          message_ids: ids,
          read_at: now.toISOString(),
        });
      }
      return ids;
    },

    /** A customer's unread staff replies; for staff, every customer's unread messages. */
    unreadCount(user: ChatReader): Promise<number> {
      return unreadCount(db, user.role === 'staff' ? 'staff' : { customerId: user.id });
    },

    /** The Admin Chat user list (SPEC §7 `GET /admin/users`). */
    async users(): Promise<ChatUser[]> {
      const now = clock.now().getTime();
      const rows = await chatUserRows(db, CHAT_USERS_LIMIT);
      return rows.map((r) =>
        presentChatUser(r, r.lastSeenAt !== null && now - r.lastSeenAt.getTime() < ONLINE_WINDOW_MS),
      );
    },
  };
}
