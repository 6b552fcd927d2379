import type { IncomingMessage } from 'node:http';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Server, Socket } from 'socket.io';

export interface SocketLimitOptions {
  /** Open connections one client address may hold on this node. */
  connectionsPerAddress: number;
  /** Messages a connection may send per second (all its namespaces together); more are dropped. */
  messagesPerSecond: number;
  /** Behind a reverse proxy the client is the first X-Forwarded-For address, as for HTTP. */
  trustProxy: boolean;
  log: FastifyBaseLogger;
}

/** Seconds in a row over the message limit after which the connection is closed. */
export const ABUSIVE_SECONDS = 3;
/** Messages in one second, as a multiple of the limit, after which it is closed at once. */
export const FLOOD_MULTIPLE = 5;

/** The client's address of a handshake, grouped as the HTTP rate limits group it (IPv6 by /64). */
export function socketAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined;
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return normalizeIP(first || req.socket.remoteAddress || 'unknown');
}

/** One connection's message budget: fixed one-second windows, dropping what is over the limit. */
interface Budget {
  windowStart: number;
  count: number;
  /** Consecutive windows that went over the limit. */
  abusive: number;
}

/**
 * Socket limits (issue 17), in front of every namespace:
 * - connections per address: a handshake beyond the limit is refused (HTTP 403, the client's
 *   `connect_error`); one that raced past the check is closed as soon as it opens;
 * - messages per connection per second: the excess is dropped before any handler sees it, and a
 *   connection that floods (FLOOD_MULTIPLE times the limit in a second) or stays over the limit for
 *   ABUSIVE_SECONDS in a row is disconnected (a server-side disconnect: the client does not retry);
 * The payload cap is Socket.IO's own `maxHttpBufferSize`, set where the server is made (app.ts).
 */
export function createSocketLimits(opts: SocketLimitOptions) {
  const open = new Map<string, number>();
  const budgets = new WeakMap<object, Budget>();

  /** Socket.IO's `allowRequest`: refuses a new connection from an address already at its limit. */
  const allowRequest = (req: IncomingMessage, callback: (err: string | null, ok: boolean) => void) => {
    const address = socketAddress(req, opts.trustProxy);
    if ((open.get(address) ?? 0) >= opts.connectionsPerAddress) {
      opts.log.warn({ address }, 'socket refused: too many connections from this address');
      callback('Too many connections from this address', false);
      return;
    }
    callback(null, true);
  };

  /** Whether one more message from this connection may pass; disconnects an abuser. */
  const admit = (socket: Socket, now: number): boolean => {
    const budget = budgets.get(socket.conn) ?? { windowStart: now, count: 0, abusive: 0 };
    budgets.set(socket.conn, budget);
    if (now - budget.windowStart >= 1000) {
      const wasOver = budget.count > opts.messagesPerSecond;
      // A quiet window in between ends a run of abusive ones.
      budget.abusive = wasOver && now - budget.windowStart < 2000 ? budget.abusive + 1 : 0;
      budget.windowStart = now;
      budget.count = 0;
    }
    budget.count += 1;
    if (budget.count <= opts.messagesPerSecond) return true;
    if (budget.count > opts.messagesPerSecond * FLOOD_MULTIPLE || budget.abusive + 1 >= ABUSIVE_SECONDS) {
      opts.log.warn(
        { address: socketAddress(socket.request, opts.trustProxy) },
        'socket disconnected: message flood',
      );
      socket.disconnect(true);
    }
    return false;
  };

  const limitSocket = (socket: Socket) => {
    socket.use((_packet, next) => {
      // Not calling next drops the packet: no handler runs, no acknowledgement is sent.
      if (admit(socket, Date.now())) next();
    });
  };

  /** Counts connections per address and limits the messages of every namespace's sockets. */
  const attach = (io: Server): (() => void) => {
    const onConnection = (conn: {
      request: IncomingMessage;
      once(e: 'close', f: () => void): void;
      close(): void;
    }) => {
      const address = socketAddress(conn.request, opts.trustProxy);
      const count = (open.get(address) ?? 0) + 1;
      open.set(address, count);
      conn.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left <= 0) open.delete(address);
        else open.set(address, left);
      });
      // Several handshakes raced past allowRequest together: the extra ones go at once.
      if (count > opts.connectionsPerAddress) conn.close();
    };
    io.engine.on('connection', onConnection);
    const limitNamespace = (nsp: Namespace) => nsp.on('connection', limitSocket);
    for (const nsp of io._nsps.values()) limitNamespace(nsp);
    io.sockets.on('new_namespace', limitNamespace);
    return () => {
      io.engine.off('connection', onConnection);
      io.sockets.off('new_namespace', limitNamespace);
    };
  };

  return { allowRequest, attach, openConnections: (address: string) => open.get(address) ?? 0 };
}
