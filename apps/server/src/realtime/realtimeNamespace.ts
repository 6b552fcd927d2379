import {
  ADMIN_CHANNEL,
  parseChannel,
  REALTIME_EVENTS,
  REALTIME_NAMESPACE,
  type RealtimeAck,
  type RealtimeClientEvents,
  type RealtimeServerEvents,
  realtimeSubscriptionSchema,
  SITE_NOTICES_CHANNEL,
  STAFF_CHAT_CHANNEL,
} from '@openbroker/domain';
import type { DefaultEventsMap, Namespace, Server } from 'socket.io';
import { type ChannelHolder, verifyChannel } from '../modules/broadcasting/signature.ts';
import type { Bus } from './bus.ts';
import { refuseOtherProtocols } from './protocolGuard.ts';

/** The `/realtime` namespace with the domain's message maps (protocol/socket.ts). */
export type RealtimeNamespace = Namespace<
  RealtimeClientEvents,
  RealtimeServerEvents,
  DefaultEventsMap,
  Partial<RealtimeSocketData>
>;

/** What a node remembers of a socket: the sessions that authorised its private channels. */
export interface RealtimeSocketData {
  holders: ChannelHolder[];
}

/** Records the session behind a subscription, so ending that session drops this socket. */
function remember(data: Partial<RealtimeSocketData>, holder: ChannelHolder): void {
  const holders = data.holders ?? [];
  if (!holders.some((h) => h.userId === holder.userId && h.sessionId === holder.sessionId)) {
    holders.push(holder);
  }
  data.holders = holders;
}

/** One socket listens on a handful of channels; more is a client bug or abuse. */
const MAX_CHANNELS_PER_SOCKET = 50;

export interface RealtimeOptions {
  bus: Bus;
  /** Verifies the signatures of `POST /broadcasting/auth` (same secret on every node). */
  secret: string;
}

/**
 * The `/realtime` namespace (DESIGN §5): a socket subscribes to a channel with the authorization
 * signed for its own id and joins the room of that channel; bus events are forwarded to rooms.
 * Every node hears every bus event itself, so it emits to its own sockets only (`local`): with the
 * Redis adapter a cluster-wide emit from each node would deliver every event once per node.
 */
export function attachRealtime(io: Server, opts: RealtimeOptions): () => void {
  const nsp: RealtimeNamespace = io.of(REALTIME_NAMESPACE);
  nsp.use((socket, next) => next(refuseOtherProtocols(socket)));

  nsp.on('connection', (socket) => {
    const reply = (ack: unknown, answer: RealtimeAck) => {
      if (typeof ack === 'function') ack(answer);
    };

    socket.on(REALTIME_EVENTS.subscribe, (payload: unknown, ack: unknown) => {
      const parsed = realtimeSubscriptionSchema.safeParse(payload);
      const channel = parsed.success ? parseChannel(parsed.data.channel) : undefined;
      if (!parsed.success || !channel) {
        reply(ack, { ok: false, message: 'subscribe needs { channel, auth } with a known channel name' });
        return;
      }
      const holder =
        channel.kind === 'public'
          ? undefined
          : verifyChannel(opts.secret, socket.id, channel.name, parsed.data.auth);
      if (channel.kind !== 'public' && !holder) {
        reply(ack, { ok: false, message: `Not authorized to listen on ${channel.name}` });
        return;
      }
      if (!socket.rooms.has(channel.name) && socket.rooms.size > MAX_CHANNELS_PER_SOCKET) {
        reply(ack, { ok: false, message: `At most ${MAX_CHANNELS_PER_SOCKET} channels per connection` });
        return;
      }
      if (holder) remember(socket.data, holder);
      void socket.join(channel.name);
      reply(ack, { ok: true });
    });

    socket.on(REALTIME_EVENTS.unsubscribe, (payload: unknown, ack: unknown) => {
      const parsed = realtimeSubscriptionSchema.safeParse(payload);
      const channel = parsed.success ? parseChannel(parsed.data.channel) : undefined;
      if (!channel) {
        reply(ack, { ok: false, message: 'unsubscribe needs { channel }' });
        return;
      }
      void socket.leave(channel.name);
      reply(ack, { ok: true });
    });
  });

  const unsubscribers = [
    opts.bus.subscribe('trade.updated', ({ userId, tradeId }) => {
      nsp.local.to(`trade.${userId}`).emit(REALTIME_EVENTS.tradeUpdated, { trade_id: tradeId });
    }),
    opts.bus.subscribe('user.updated', ({ userId }) => {
      nsp.local.to(`user.${userId}`).emit(REALTIME_EVENTS.userUpdated, { user_id: userId });
    }),
    opts.bus.subscribe('notification.created', ({ userId, notification: n }) => {
      nsp.local.to(`notification.${userId}`).emit(REALTIME_EVENTS.notificationMessage, {
        id: n.id,
        title: n.title,
        message: n.message,
        color: n.color,
        read: false,
      });
    }),
    opts.bus.subscribe('notice.public', (notice) => {
      nsp.local
        .to(SITE_NOTICES_CHANNEL)
        .emit(REALTIME_EVENTS.notificationMessage, { ...notice, read: false });
    }),
    // A conversation's events go to its customer and to every staff member at once; one emit to
    // both rooms, so a staff socket holding both hears each event once.
    opts.bus.subscribe('chat.sent', ({ message }) => {
      nsp.local
        .to([`chat.customer.${message.customer_id}`, STAFF_CHAT_CHANNEL])
        .emit(REALTIME_EVENTS.messageSent, { message });
    }),
    opts.bus.subscribe('chat.read', (event) => {
      nsp.local
        .to([`chat.customer.${event.customer_id}`, STAFF_CHAT_CHANNEL])
        .emit(REALTIME_EVENTS.messageRead, event);
    }),
    // Open back-office screens refetch what another staff member changed (DESIGN §12).
    opts.bus.subscribe('admin.changed', (change) => {
      nsp.local.to(ADMIN_CHANNEL).emit(REALTIME_EVENTS.adminChanged, change);
    }),
  ];

  return () => {
    for (const off of unsubscribers) off();
  };
}
