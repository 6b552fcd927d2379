import type { ChatMessage } from '@openbroker/domain';
import { formatNumber } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';

const timeOf = (m: ChatMessage): number => {
  const t = Date.parse(m.created_at);
  return Number.isNaN(t) ? 0 : t;
};

/** Oldest first; messages of the same instant keep the server's id order. */
export function compareMessages(a: ChatMessage, b: ChatMessage): number {
  return timeOf(a) - timeOf(b) || a.id - b.id;
}

/**
 * One list from several sources (pages, the realtime push, polling, our own sends), one entry per
 * id, oldest first. A copy that knows the message was read wins over one that does not.
 */
export function mergeMessages(...lists: ReadonlyArray<readonly ChatMessage[]>): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const list of lists) {
    for (const message of list) {
      const held = byId.get(message.id);
      byId.set(message.id, held ? { ...message, read_at: message.read_at ?? held.read_at } : message);
    }
  }
  return [...byId.values()].sort(compareMessages);
}

/** Marks `ids` read at `readAt`; the list is returned unchanged (same object) when none is affected. */
export function applyRead(messages: ChatMessage[], ids: readonly number[], readAt: string): ChatMessage[] {
  const wanted = new Set(ids);
  let changed = false;
  const next = messages.map((m) => {
    if (!wanted.has(m.id) || m.read_at !== null) return m;
    changed = true;
    return { ...m, read_at: readAt };
  });
  return changed ? next : messages;
}

/** Which side of the conversation the viewer is on: the customer, or support staff. */
export type ChatSide = 'customer' | 'staff';

/** Own messages are the viewer's side's (staff see every colleague's reply as theirs). */
export const isOwnSide = (message: ChatMessage, side: ChatSide): boolean =>
  side === 'staff' ? message.is_admin : !message.is_admin;

/** The last message's text for a list preview; an attachment-only message says so. */
export function messagePreview(message: Pick<ChatMessage, 'message' | 'attachments'>): string {
  const text = message.message.trim();
  if (text !== '') return text;
  const count = message.attachments.length;
  return count > 1
    ? i18n.t('account:chat.preview.attachments', { count })
    : i18n.t('account:chat.preview.attachment');
}

/** `1.2 MB`-style size for attachment chips. */
export function formatBytes(bytes: number): string {
  const digits = (n: number) => ({ minimumFractionDigits: n, maximumFractionDigits: n });
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, digits(bytes < 10 * 1024 ? 1 : 0))} KB`;
  return `${formatNumber(bytes / (1024 * 1024), digits(1))} MB`;
}
