import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectRealtime, type RealtimeSocket, useRealtimeStore } from './realtimeSocket';

type Listener = (...args: unknown[]) => void;

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
});
