import { PROTOCOL_VERSION } from '@openbroker/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  connectRealtime,
  holdRealtimeChannel,
  onRealtimeEvent,
  REALTIME_RETRY_AFTER_FAILURE_MS,
  type RealtimeSocket,
  useRealtimeStore,
} from './realtimeSocket';

type Listener = (...args: unknown[]) => void;

/** The real Socket.IO client is replaced only to see what the default socket asks it for. */
const ioCalls = vi.hoisted(() => [] as { url: string; options: unknown }[]);
vi.mock('socket.io-client', () => ({
  io: (url: string, options: unknown) => {
    ioCalls.push({ url, options });
    return { id: undefined, on: () => {}, io: { on: () => {} }, connect: () => {}, disconnect: () => {} };
  },
}));

function fakeSocket() {
  const listeners = new Map<string, Listener[]>();
  const emitted: { event: string; payload: unknown }[] = [];
  const socket: RealtimeSocket = {
    id: 'sock-1',
    on: (event, l) => listeners.set(event, [...(listeners.get(event) ?? []), l]),
    onManager: (event, l) =>
      listeners.set(`manager:${event}`, [...(listeners.get(`manager:${event}`) ?? []), l]),
    emit: (event, payload, ack) => {
      emitted.push({ event, payload });
      ack({ ok: true });
    },
    connect: vi.fn(),
    disconnect: vi.fn(),
  };
  const fire = (event: string, ...args: unknown[]) => {
    for (const l of listeners.get(event) ?? []) l(...args);
  };
  return { socket, emitted, fire };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => useRealtimeStore.setState({ status: 'disconnected', error: null }));

describe('the realtime link (SPEC §4, §7)', () => {
  it('subscribes the user’s own trade, user and notification channels with the server’s signatures', async () => {
    const f = fakeSocket();
    const authorize = vi.fn(async (socketId: string, channel: string) => `openbroker:${socketId}:${channel}`);
    const handlers = { onTradeUpdated: vi.fn(), onUserUpdated: vi.fn(), onNotification: vi.fn() };
    const stop = connectRealtime(42, handlers, { createSocket: () => f.socket, authorize });
    expect(useRealtimeStore.getState().status).toBe('connecting');
    await flush();
    f.fire('connect');
    await flush();
    expect(useRealtimeStore.getState().status).toBe('connected');
    expect(f.emitted.map((e) => e.payload)).toEqual([
      // Site-wide notices: public, so no signature (and no wait for one).
      { channel: 'public.notices' },
      { channel: 'private-trade.42', auth: 'openbroker:sock-1:private-trade.42' },
      { channel: 'private-user.42', auth: 'openbroker:sock-1:private-user.42' },
      { channel: 'private-notification.42', auth: 'openbroker:sock-1:private-notification.42' },
    ]);
    f.fire('trade.updated', { trade_id: 7 });
    f.fire('user.updated', { user_id: 42 });
    f.fire('notification.message', { id: 1, title: 'Margin call' });
    expect(handlers.onTradeUpdated).toHaveBeenCalledTimes(1);
    expect(handlers.onUserUpdated).toHaveBeenCalledTimes(1);
    expect(handlers.onNotification).toHaveBeenCalledWith({ id: 1, title: 'Margin call' });
    stop();
    expect(useRealtimeStore.getState().status).toBe('disconnected');
    expect(f.socket.disconnect).toHaveBeenCalled();
  });

  it('reports "Connection failed" once reconnecting gives up', async () => {
    const f = fakeSocket();
    const noop = () => {};
    connectRealtime(
      1,
      { onTradeUpdated: noop, onUserUpdated: noop, onNotification: noop },
      {
        createSocket: () => f.socket,
        authorize: async () => 'x',
      },
    );
    await flush();
    f.fire('manager:reconnect_failed');
    expect(useRealtimeStore.getState()).toEqual({ status: 'failed', error: 'Connection failed' });
  });

  it('opens the socket with this build’s protocol version in its handshake', async () => {
    const noop = () => {};
    const stop = connectRealtime(1, { onTradeUpdated: noop, onUserUpdated: noop, onNotification: noop });
    await vi.waitFor(() => expect(ioCalls).toHaveLength(1));
    expect(ioCalls[0]?.url).toMatch(/\/realtime$/);
    expect(ioCalls[0]?.options).toMatchObject({
      transports: ['websocket'],
      auth: { protocol: PROTOCOL_VERSION },
    });
    stop();
  });

  it('fails at once, with the server’s reload message, when it speaks another protocol version', async () => {
    const f = fakeSocket();
    const noop = () => {};
    const onStatus = vi.fn();
    connectRealtime(
      1,
      { onTradeUpdated: noop, onUserUpdated: noop, onNotification: noop, onStatus },
      { createSocket: () => f.socket, authorize: async () => 'x' },
    );
    await flush();
    const message = `Unsupported protocol version ${PROTOCOL_VERSION}; this server speaks 2. Reload the page.`;
    f.fire(
      'connect_error',
      Object.assign(new Error(message), { data: { code: 'UNSUPPORTED_PROTOCOL', message, supported: 2 } }),
    );
    expect(useRealtimeStore.getState()).toEqual({ status: 'failed', error: message });
    expect(onStatus).toHaveBeenLastCalledWith('failed', message);
    // An ordinary transport error still waits for the reconnects to run out.
    const g = fakeSocket();
    connectRealtime(
      2,
      { onTradeUpdated: noop, onUserUpdated: noop, onNotification: noop },
      { createSocket: () => g.socket, authorize: async () => 'x' },
    );
    await flush();
    g.fire('connect_error', new Error('websocket error'));
    expect(useRealtimeStore.getState().status).toBe('connecting');
  });

  it('tries again 5 s after reconnecting gave up, and reports the transport’s reason', async () => {
    vi.useFakeTimers();
    try {
      const f = fakeSocket();
      const noop = () => {};
      const stop = connectRealtime(
        1,
        { onTradeUpdated: noop, onUserUpdated: noop, onNotification: noop },
        { createSocket: () => f.socket, authorize: async () => 'x' },
      );
      await vi.advanceTimersByTimeAsync(0);
      f.fire('connect_error', new Error('websocket error'));
      f.fire('manager:reconnect_failed');
      expect(useRealtimeStore.getState()).toEqual({ status: 'failed', error: 'websocket error' });
      await vi.advanceTimersByTimeAsync(REALTIME_RETRY_AFTER_FAILURE_MS - 1);
      expect(f.socket.connect).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(f.socket.connect).toHaveBeenCalledTimes(1);
      expect(useRealtimeStore.getState().status).toBe('connecting');
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('subscribes held channels on connect and at once while connected, and routes their events', async () => {
    const f = fakeSocket();
    const noop = () => {};
    const early = holdRealtimeChannel('private-chat.customer.5');
    const stop = connectRealtime(
      5,
      { onTradeUpdated: noop, onUserUpdated: noop, onNotification: noop },
      { createSocket: () => f.socket, authorize: async (id, channel) => `sig:${id}:${channel}`, staff: true },
    );
    await flush();
    f.fire('connect');
    await flush();
    // Staff have no trading account: no trade channel.
    expect(f.emitted.map((e) => (e.payload as { channel: string }).channel)).toEqual([
      'public.notices',
      'private-user.5',
      'private-notification.5',
      'private-chat.customer.5',
    ]);
    const late = holdRealtimeChannel('private-chat.staff');
    const again = holdRealtimeChannel('private-chat.staff');
    await flush();
    expect(
      f.emitted.filter((e) => (e.payload as { channel: string }).channel === 'private-chat.staff'),
    ).toHaveLength(1);

    const seen: unknown[] = [];
    const off = onRealtimeEvent('message.sent', (p) => seen.push(p));
    f.fire('message.sent', { message: { id: 1 } });
    off();
    f.fire('message.sent', { message: { id: 2 } });
    expect(seen).toEqual([{ message: { id: 1 } }]);

    again();
    late();
    expect(f.emitted.at(-1)).toEqual({ event: 'unsubscribe', payload: { channel: 'private-chat.staff' } });
    early();
    stop();
  });
});
