import type { ChatAttachment, ChatMessage, ChatUser } from '@openbroker/domain';
import type { ChatAttachmentRow, ChatMessageRow, ChatUserRow, SenderRow } from './repo.ts';

/**
 * Where an attachment is downloaded, under the API base (the `/api/v1` of app.ts, written out here
 * so this module does not import the app). The same url goes back in `POST /chat/messages`.
 */
export const CHAT_ATTACHMENT_PATH = '/api/v1/chat/attachments';

export const attachmentUrl = (id: string): string => `${CHAT_ATTACHMENT_PATH}/${id}`;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ATTACHMENT_REF = new RegExp(
  `^(?:https?://[^/?#]+)?${CHAT_ATTACHMENT_PATH.replaceAll('/', '\\/')}\\/(${UUID})(?:\\?[^#]*)?$`,
  'i',
);

/** The attachment id in a url `POST /chat/upload` returned (path or absolute), or null. */
export function attachmentIdOf(url: string): string | null {
  const m = ATTACHMENT_REF.exec(url.trim());
  return m?.[1] ? m[1].toLowerCase() : null;
}

/** True when a string is one of our attachment ids (anything else is simply not found). */
export const isAttachmentId = (id: string): boolean => new RegExp(`^${UUID}$`).test(id);

/** SPEC §3 Attachment. */
export function presentAttachment(row: ChatAttachmentRow): ChatAttachment {
  return {
    id: row.id,
    file_name: row.fileName,
    download_url: attachmentUrl(row.id),
    is_image: row.isImage,
    size: row.sizeBytes,
    mime: row.mime,
  };
}

/** SPEC §3 Chat message; the text goes out exactly as it was written (the client renders text, not HTML). */
export function presentMessage(
  row: ChatMessageRow,
  sender: SenderRow,
  attachments: ChatAttachmentRow[],
): ChatMessage {
  return {
    id: row.id,
    customer_id: row.customerId,
    sender_id: row.senderId,
    sender: {
      first_name: sender.firstName,
      name: `${sender.firstName} ${sender.lastName}`.trim(),
      avatar: sender.avatar,
    },
    is_admin: row.isAdmin,
    message: row.body,
    attachments: attachments.map(presentAttachment),
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}

/** One row of the Admin Chat list (`GET /admin/users`). */
export function presentChatUser(row: ChatUserRow, isOnline: boolean): ChatUser {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    avatar: row.avatar,
    account_id: row.accountNumber,
    status: row.status,
    is_online: isOnline,
    unread_count: row.unread,
    last_message: row.lastMessage,
    last_message_at: row.lastMessageAt?.toISOString() ?? null,
  };
}
