import { randomUUID } from 'node:crypto';
import { BUS_TOPICS } from '@openbroker/domain';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { ConfigError } from '../config.ts';
import { type Bus, type BusEvents, createMemoryBus, type Topic } from './bus.ts';

/** What one node publishes to the others: its id, so it skips its own echo. */
interface Envelope {
  from: string;
  payload: unknown;
}

/** The URL without its password, for error messages. */
function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}

export interface RedisLink {
  bus: Bus;
  /** The Socket.IO adapter on the same Redis, so rooms and `disconnectSockets` span nodes. */
  adapter: ReturnType<typeof createAdapter>;
  close(): Promise<void>;
}

/**
 * The bus across nodes (DESIGN §1, §5): a publish reaches this node's handlers at once and in
 * order, exactly as the memory bus does, and every other node through Redis pub/sub. Each node
 * drops its own echo, so a handler never sees one event twice.
 */
export async function connectRedis(opts: {
  url: string;
  /** Separates installations (and test runs) sharing one Redis. */
  prefix: string;
  log: FastifyBaseLogger;
}): Promise<RedisLink> {
  const nodeId = randomUUID();
  const local = createMemoryBus();
  const connect = (role: string) => {
    const client = new Redis(opts.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    // ioredis reconnects by itself; an error between attempts is only worth a log line.
    client.on('error', (e: Error) => opts.log.warn({ err: e.message, role }, 'redis connection error'));
    return client;
  };
  const pub = connect('bus-publish');
  const sub = connect('bus-subscribe');
  const adapterPub = connect('adapter-publish');
  const adapterSub = connect('adapter-subscribe');
  const clients = [pub, sub, adapterPub, adapterSub];
  try {
    await Promise.all(clients.map((c) => c.connect()));
  } catch (e) {
    for (const c of clients) c.disconnect();
    throw new ConfigError(`REDIS_URL: cannot reach Redis at ${redactUrl(opts.url)}: ${(e as Error).message}`);
  }

  const channelOf = (topic: Topic) => `${opts.prefix}:bus:${topic}`;
  const topicOf = new Map(BUS_TOPICS.map((t) => [channelOf(t), t]));
  await sub.subscribe(...BUS_TOPICS.map(channelOf));
  sub.on('message', (channel: string, raw: string) => {
    const topic = topicOf.get(channel);
    if (!topic) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      opts.log.warn({ channel }, 'unreadable bus message dropped');
      return;
    }
    if (envelope.from === nodeId) return;
    local.publish(topic, envelope.payload as BusEvents[typeof topic]);
  });

  const bus: Bus = {
    publish(topic, payload) {
      local.publish(topic, payload);
      const envelope: Envelope = { from: nodeId, payload };
      pub.publish(channelOf(topic), JSON.stringify(envelope)).catch((e: Error) => {
        opts.log.error({ err: e.message, topic }, 'bus publish to redis failed');
      });
    },
    subscribe: (topic, handler) => local.subscribe(topic, handler),
    async close() {
      await local.close();
    },
  };

  return {
    bus,
    adapter: createAdapter(adapterPub, adapterSub, { key: `${opts.prefix}:socket.io` }),
    async close() {
      await bus.close();
      await Promise.all(clients.map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
