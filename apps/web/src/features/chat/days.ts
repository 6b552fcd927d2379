import type { ChatMessage } from '@openbroker/domain';
import { formatDate } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';

export interface DayGroup {
  /** Local calendar day, `YYYY-MM-DD`. */
  key: string;
  label: string;
  messages: ChatMessage[];
}

function dayKey(date: Date): string {
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${m}-${d}`;
}

/** A day header (SPEC §2 "grouped by day with date headers"): Today, Yesterday, else the date. */
export function dayLabel(date: Date, now: Date = new Date()): string {
  const key = dayKey(date);
  if (key === dayKey(now)) return i18n.t('account:chat.days.today');
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (key === dayKey(yesterday)) return i18n.t('account:chat.days.yesterday');
  return formatDate(date, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** The time shown under each message, in the viewer's locale. */
export function messageTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : formatDate(at, { hour: '2-digit', minute: '2-digit' });
}

/** Splits an oldest-first list into runs of one local day each, in order. */
export function groupByDay(messages: readonly ChatMessage[], now: Date = new Date()): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const message of messages) {
    const at = new Date(message.created_at);
    const valid = !Number.isNaN(at.getTime());
    const key = valid ? dayKey(at) : 'unknown';
    const last = groups.at(-1);
    if (last?.key === key) {
      last.messages.push(message);
    } else {
      groups.push({ key, label: valid ? dayLabel(at, now) : '', messages: [message] });
    }
  }
  return groups;
}
