import { z } from 'zod';

/** The realtime pub/sub socket (SPEC §7 "Realtime pub/sub service", DESIGN §5). */
export const REALTIME_NAMESPACE = '/realtime';
/** The public app key: the part before `:` in a channel authorization (Pusher style). */
export const REALTIME_APP_KEY = 'openbroker';
/** Pusher clients name private channels `private-…`; the prefix is stripped everywhere. */
export const PRIVATE_CHANNEL_PREFIX = 'private-';
export const PUBLIC_CHANNEL_PREFIX = 'public.';

export const REALTIME_EVENTS = {
  subscribe: 'subscribe',
  unsubscribe: 'unsubscribe',
  tradeUpdated: 'trade.updated',
  userUpdated: 'user.updated',
  notificationMessage: 'notification.message',
  messageSent: 'message.sent',
  messageRead: 'message.read',
  adminChanged: 'admin.changed',
} as const;

const channelName = z.string().trim().min(1, 'The channel name is required').max(200);

/** `POST /broadcasting/auth` (SPEC §3 "Realtime auth payload"). */
export const broadcastingAuthSchema = z.object({
  socket_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'The socket id is not valid'),
  channel_name: channelName,
});
export type BroadcastingAuthRequest = z.infer<typeof broadcastingAuthSchema>;
export const broadcastingAuthResponseSchema = z.object({ auth: z.string() });

/** `subscribe` / `unsubscribe` on the realtime socket; `auth` is the answer of `/broadcasting/auth`. */
export const realtimeSubscriptionSchema = z.object({
  channel: channelName,
  auth: z.string().max(300).optional(),
});
export type RealtimeSubscription = z.infer<typeof realtimeSubscriptionSchema>;
export type RealtimeAck = { ok: true } | { ok: false; message: string };

export type PrivateChannelKind = 'notification' | 'user' | 'trade' | 'chat.customer';
/**
 * `chat.staff` is ours, not SPEC's: every conversation's `message.sent` / `message.read` for the
 * Admin Chat list, so staff need not hold one channel per customer. Staff only.
 */
export const STAFF_CHAT_CHANNEL = 'chat.staff';
/**
 * `admin` is ours too: the back office's `admin.changed` events (`{ scope, id? }`), so every open
 * staff screen refetches what another staff member changed (DESIGN §12). Any staff member.
 */
export const ADMIN_CHANNEL = 'admin';
export type Channel =
  | { kind: 'public'; name: string }
  | { kind: 'chat.staff'; name: typeof STAFF_CHAT_CHANNEL }
  | { kind: 'admin'; name: typeof ADMIN_CHANNEL }
  | { kind: PrivateChannelKind; id: number; name: string };

const PRIVATE_CHANNEL = /^(notification|user|trade|chat\.customer)\.([1-9]\d{0,15})$/;
const PUBLIC_CHANNEL = /^public\.[A-Za-z0-9_.-]{1,100}$/;

/** Reads a channel name (with or without `private-`); undefined when it is no channel we know. */
export function parseChannel(raw: string): Channel | undefined {
  const name = raw.startsWith(PRIVATE_CHANNEL_PREFIX) ? raw.slice(PRIVATE_CHANNEL_PREFIX.length) : raw;
  if (PUBLIC_CHANNEL.test(name)) return raw === name ? { kind: 'public', name } : undefined;
  if (name === STAFF_CHAT_CHANNEL) return { kind: 'chat.staff', name: STAFF_CHAT_CHANNEL };
  if (name === ADMIN_CHANNEL) return { kind: 'admin', name: ADMIN_CHANNEL };
  const m = PRIVATE_CHANNEL.exec(name);
  if (!m?.[1] || !m[2]) return undefined;
  return { kind: m[1] as PrivateChannelKind, id: Number(m[2]), name };
}
