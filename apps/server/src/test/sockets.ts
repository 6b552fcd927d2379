import { PROTOCOL_VERSION, REALTIME_EVENTS, type RealtimeAck } from '@openbroker/domain';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';

export type OpenSocket = Socket & { id: string };

/** Listens on a free port and returns the app's base URL. */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** Real Socket.IO clients for a test file; `closeAll` in afterAll. */
export function socketClients() {
  const sockets: Socket[] = [];
  return {
    /**
     * A connected websocket-only client of `url` (e.g. `http://…/realtime`), without reconnection.
     * Its handshake speaks this build's PROTOCOL_VERSION, as the web client's does; `auth` adds to it.
     */
    async open(url: string, auth: Record<string, unknown> = {}): Promise<OpenSocket> {
      const s = connect(url, {
        transports: ['websocket'],
        reconnection: false,
        auth: { protocol: PROTOCOL_VERSION, ...auth },
      });
      sockets.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once('connect', resolve);
        s.once('connect_error', reject);
      });
      if (!s.id) throw new Error('connected without an id');
      return s as OpenSocket;
    },
    /** The `connect_error` a handshake with exactly `auth` gets (rejects if it connects instead). */
    async refusal(url: string, auth: Record<string, unknown>): Promise<Error & { data?: unknown }> {
      const s = connect(url, { transports: ['websocket'], reconnection: false, auth });
      sockets.push(s);
      return new Promise((resolve, reject) => {
        s.once('connect', () => reject(new Error(`${url} accepted ${JSON.stringify(auth)}`)));
        s.once('connect_error', resolve);
      });
    },
    closeAll(): void {
      for (const s of sockets) s.disconnect();
    },
  };
}

/** The next `event` on a socket, or a rejection after `ms`. */
export const nextEvent = <T>(s: Socket, event: string, ms = 3000): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    s.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

/**
 * The first `event` on a socket whose payload passes `accept`, or a rejection after `ms`: for a
 * frame that must carry a change while frames from earlier ticks may still be in flight.
 */
export const eventWhere = <T>(
  s: Socket,
  event: string,
  accept: (payload: T) => boolean,
  ms = 3000,
): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      s.off(event, onEvent);
      reject(new Error(`no matching ${event} within ${ms} ms`));
    }, ms);
    function onEvent(payload: T): void {
      if (!accept(payload)) return;
      clearTimeout(timer);
      s.off(event, onEvent);
      resolve(payload);
    }
    s.on(event, onEvent);
  });

/** `subscribe { channel, auth }` on the /realtime socket, with its ack. */
export const subscribeChannel = (s: Socket, channel: string, auth?: string): Promise<RealtimeAck> =>
  s.timeout(3000).emitWithAck(REALTIME_EVENTS.subscribe, { channel, auth });

/** `POST /broadcasting/auth` for a socket and channel as the holder of `token` (none: anonymous). */
export const authorizeChannel = (
  app: FastifyInstance,
  token: string | undefined,
  socketId: string,
  channel: string,
) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/broadcasting/auth',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { socket_id: socketId, channel_name: channel },
  });

/** Every event a socket receives from now on, with its payload. */
export function recordEvents(s: Socket): Array<[string, unknown]> {
  const seen: Array<[string, unknown]> = [];
  s.onAny((event: string, payload: unknown) => seen.push([event, payload]));
  return seen;
}
