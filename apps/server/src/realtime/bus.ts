import type { BusEvents, BusTopic } from '@openbroker/domain';

/** The catalogue of topics and payloads lives in the domain (protocol/bus.ts): DESIGN §1, §5. */
export type { BusEvents };
export type Topic = BusTopic;
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
