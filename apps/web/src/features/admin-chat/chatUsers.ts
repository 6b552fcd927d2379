import type { ChatUser } from '@openbroker/domain';
import { formatDate } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';

/** SPEC §2 Admin Chat tabs (their names are `adminChat.tabs.<id>` in the catalogue). */
export const USER_TABS = ['all', 'online', 'unread'] as const;
export type UserTab = (typeof USER_TABS)[number];

export const displayName = (u: Pick<ChatUser, 'first_name' | 'last_name' | 'email'>): string =>
  `${u.first_name} ${u.last_name}`.trim() || u.email;

const timeOf = (iso: string | null): number => {
  const t = iso === null ? Number.NaN : Date.parse(iso);
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
};

/** Latest conversation first; customers who never wrote, by name. */
export function compareUsers(a: ChatUser, b: ChatUser): number {
  return (
    timeOf(b.last_message_at) - timeOf(a.last_message_at) || displayName(a).localeCompare(displayName(b))
  );
}

/** The list under a tab and a search (name, email or account id, any case). */
export function filterUsers(users: readonly ChatUser[], tab: UserTab, search: string): ChatUser[] {
  const q = search.trim().toLowerCase();
  return users
    .filter((u) => (tab === 'online' ? u.is_online : tab === 'unread' ? u.unread_count > 0 : true))
    .filter(
      (u) =>
        q === '' ||
        [displayName(u), u.email, u.account_id ?? ''].some((field) => field.toLowerCase().includes(q)),
    )
    .sort(compareUsers);
}

/** Two letters for the avatar circle. */
export function initials(u: Pick<ChatUser, 'first_name' | 'last_name' | 'email'>): string {
  const letters = `${u.first_name.charAt(0)}${u.last_name.charAt(0)}`.trim();
  return (letters || u.email.charAt(0)).toUpperCase();
}

/** When the last message was: the time today, 'Yesterday', else the date. */
export function lastMessageTime(iso: string | null, now: Date = new Date()): string {
  if (iso === null) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (at.getTime() >= startOfToday) return formatDate(at, { hour: '2-digit', minute: '2-digit' });
  if (at.getTime() >= startOfToday - 24 * 60 * 60 * 1000) return i18n.t('account:adminChat.yesterday');
  return formatDate(at, { day: 'numeric', month: 'short' });
}
