import type { ChatMessage, ChatReadEvent, SiteNotice } from '@openbroker/domain';
import type { Tick } from '../feed/FeedSource.ts';
import type { NotificationRow } from '../modules/notifications/repo.ts';
import type { AccountSnapshot, TradeSnapshot } from '../risk/snapshots.ts';

/** Everything that crosses roles (and, with Redis, nodes): DESIGN §1, §5. */
export interface BusEvents {
  /** A batch of ticks from the feed (one publish per feed step, not per tick). */
  'price.ticks': Tick[];
  'trade.updated': { userId: number; tradeId: number };
  'user.updated': { userId: number };
  /** The user was deactivated: every node drops the sockets listening on their channels. */
  'user.revoked': { userId: number };
  /** A stored notification for a user (SPEC §3), to push to their channel. */
  'notification.created': { userId: number; notification: Omit<NotificationRow, 'createdAt' | 'readAt'> };
  /** After every trading or ledger change: the account and trades as committed, for the risk engine. */
  'risk.sync': { account: AccountSnapshot; trades: TradeSnapshot[] };
  /** A chat message was stored: to `chat.customer.{customerId}` and `chat.staff` (SPEC §7 message.sent). */
  'chat.sent': { message: ChatMessage };
  /** Messages of a conversation were read: to the same channels (SPEC §7 message.read). */
  'chat.read': ChatReadEvent;
  /** Staff sent a site-wide notice: to the public notices channel on every node. */
  'notice.public': SiteNotice & { id: string };
  /** Staff changed site settings (category leverage): caches drop them. */
  'settings.updated': Record<string, never>;
}
export type Topic = keyof BusEvents;
export type Handler<K extends Topic> = (payload: BusEvents[K]) => void;

export interface Bus {
  publish<K extends Topic>(topic: K, payload: BusEvents[K]): void;
  /** Returns the unsubscribe function. */
  subscribe<K extends Topic>(topic: K, handler: Handler<K>): () => void;
  close(): Promise<void>;
}

/**
 * The in-process bus of a single node. Delivery is synchronous and in order, so a tick batch
 * reaches the risk engine and the socket gateway before the next one is produced.
 */
export function createMemoryBus(): Bus {
  const handlers = new Map<Topic, Set<(payload: never) => void>>();
  return {
    publish(topic, payload) {
      const set = handlers.get(topic);
      if (!set) return;
      for (const h of set) (h as Handler<typeof topic>)(payload);
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
      }
      set.add(handler as (payload: never) => void);
      return () => set.delete(handler as (payload: never) => void);
    },
    async close() {
      handlers.clear();
    },
  };
}
