import { z } from 'zod';

/** Longest chat text we store; longer is a client bug or abuse. */
export const CHAT_MESSAGE_MAX_LENGTH = 5_000;
/** At most this many attachments on one message (the composer adds one per pick). */
export const CHAT_MAX_ATTACHMENTS = 10;
/** `POST /chat/upload` size cap (DESIGN §3). */
export const CHAT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** One page of `GET /chat/messages`: newest first across pages, oldest first inside a page. */
export const CHAT_PAGE_SIZE = 30;

/**
 * What the composer's picker accepts (SPEC §4: images, pdf, Word and Excel). The server checks the
 * file's bytes, not this list's extension or the browser's type, before it keeps a file.
 */
export const CHAT_ACCEPT =
  'image/png,image/jpeg,image/gif,image/webp,application/pdf,.doc,.docx,.xls,.xlsx,' +
  'application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,' +
  'application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** SPEC §3 Attachment. `download_url` is same-origin and needs the session (customer or staff). */
export const chatAttachmentSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  download_url: z.string(),
  is_image: z.boolean(),
  size: z.number(),
  mime: z.string(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

/**
 * SPEC §3 Chat message, plus `customer_id` (the conversation it belongs to), so a staff client
 * listening to every conversation can route it.
 */
export const chatMessageSchema = z.object({
  id: z.number(),
  customer_id: z.number(),
  sender_id: z.number(),
  sender: z.object({
    first_name: z.string(),
    name: z.string(),
    avatar: z.string().nullable(),
  }),
  is_admin: z.boolean(),
  message: z.string(),
  attachments: z.array(chatAttachmentSchema),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

const customerId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/**
 * `GET /chat/messages?page={n}[&customer_id={id}][&after={timestamp}]` (SPEC §7). `customer_id` is
 * for staff only (a customer always reads their own conversation). `after` (ISO time or epoch ms)
 * returns the messages created at or after it, oldest first, for polling; clients drop ids they
 * already hold.
 */
export const chatListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  customer_id: customerId.optional(),
  after: z
    .string()
    .trim()
    .refine((v) => parseChatTime(v) !== null, 'after must be an ISO time or epoch milliseconds')
    .optional(),
});
export type ChatListQuery = z.infer<typeof chatListQuerySchema>;

/** Reads `after`: epoch milliseconds or an ISO 8601 time; null when it is neither. */
export function parseChatTime(value: string): Date | null {
  const date = /^\d{1,15}$/.test(value) ? new Date(Number(value)) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `GET /chat/messages` answer (SPEC §7: data, next_page_url). */
export const chatPageSchema = z.object({
  data: z.array(chatMessageSchema),
  next_page_url: z.string().nullable(),
});
export type ChatPage = z.infer<typeof chatPageSchema>;

/**
 * `POST /chat/messages` (SPEC §7): message, attachments (the urls `POST /chat/upload` returned),
 * optional customer_id (staff only: whose conversation). Blank text with no attachment is refused.
 */
export const chatSendSchema = z
  .object({
    message: z
      .string()
      .max(CHAT_MESSAGE_MAX_LENGTH, `A message can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`)
      .default(''),
    attachments: z.array(z.string().max(500)).max(CHAT_MAX_ATTACHMENTS).default([]),
    customer_id: customerId.optional(),
  })
  .refine((v) => v.message.trim() !== '' || v.attachments.length > 0, {
    message: 'Type a message or attach a file',
    path: ['message'],
  });
export type ChatSendRequest = z.input<typeof chatSendSchema>;

/** `POST /chat/upload` answer (SPEC §7: url), with the stored file's description. */
export const chatUploadResponseSchema = z.object({
  url: z.string(),
  data: chatAttachmentSchema,
});
export type ChatUploadResponse = z.infer<typeof chatUploadResponseSchema>;

/** `POST /chat/read`: marks the other side's messages in a conversation read (staff name it). */
export const chatReadSchema = z.object({ customer_id: customerId.optional() });
export const chatReadResponseSchema = z.object({ data: z.object({ message_ids: z.array(z.number()) }) });

/** `GET /chat/unread-count` (SPEC §7): for a customer, unread support replies; for staff, all. */
export const chatUnreadSchema = z.object({ unread_count: z.number() });

/** `message.read` on `chat.customer.{id}` (SPEC §7: message_id), with every id read at once. */
export const chatReadEventSchema = z.object({
  customer_id: z.number(),
  message_id: z.number(),
  message_ids: z.array(z.number()),
  read_at: z.string(),
});
export type ChatReadEvent = z.infer<typeof chatReadEventSchema>;

/** `message.sent` (SPEC §7: with message). */
export const chatSentEventSchema = z.object({ message: chatMessageSchema });
export type ChatSentEvent = z.infer<typeof chatSentEventSchema>;

/**
 * One row of `GET /admin/users` (SPEC §7: data, a list of users; refreshed every 30 s): the fields of
 * SPEC §3 User the Admin Chat list shows, plus the conversation's last message for ordering.
 * `unread_count` is the customer's messages staff have not read.
 */
export const chatUserSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  account_id: z.string().nullable(),
  status: z.string(),
  is_online: z.boolean(),
  unread_count: z.number(),
  last_message: z.string().nullable(),
  last_message_at: z.string().nullable(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;
export const chatUsersResponseSchema = z.object({ data: z.array(chatUserSchema) });
