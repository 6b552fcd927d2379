import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeRealtime } from '@/features/chat/testing';
import { useRealtimeStore } from '@/realtime/realtimeSocket';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { ADMIN_LIVE_CHANNEL, applyAdminChange, useAdminLive } from './useAdminLive';

vi.mock(
  '@/realtime/useRealtimeChannel',
  async () => (await import('@/features/chat/testing')).fakeRealtimeModule,
);

function Live() {
  useAdminLive();
  return null;
}

const KEYS = [
  ['admin', 'counts'],
  ['admin', 'staff', { page: 1 }],
  ['admin', 'clients', { page: 1 }],
  ['admin', 'dashboard'],
  ['trading', 'positions'],
] as const;

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  for (const key of KEYS) client.setQueryData(key, 1);
  render(
    <QueryClientProvider client={client}>
      <Live />
    </QueryClientProvider>,
  );
  const stale = () =>
    KEYS.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.slice(0, 2).join('.'));
  return { stale };
}

describe('useAdminLive', () => {
  beforeEach(() => {
    useSessionStore.setState({
      user: sessionUser({
        role: 'staff',
        staff_roles: ['support'],
        permissions: ['clients.read', 'chat.read'],
      }),
    });
    useRealtimeStore.setState({ status: 'connected', error: null });
  });
  afterEach(() => fakeRealtime.reset());

  it('holds the staff channel, and the chat channel for staff who read chats', () => {
    mount();
    expect(fakeRealtime.held().sort()).toEqual([ADMIN_LIVE_CHANNEL, 'private-chat.staff'].sort());
    expect(ADMIN_LIVE_CHANNEL).toBe('private-admin');
  });

  it('holds no chat channel for staff who may not read chats', () => {
    useSessionStore.setState({
      user: sessionUser({
        role: 'staff',
        staff_roles: ['finance'],
        permissions: ['clients.read', 'money.read'],
      }),
    });
    mount();
    expect(fakeRealtime.held()).toEqual([ADMIN_LIVE_CHANNEL]);
  });

  it('refetches the changed scope, the badges and the dashboard on admin.changed; nothing else', () => {
    const { stale } = mount();
    act(() => fakeRealtime.emit('admin.changed', { scope: 'staff', id: '4' }));
    expect(stale()).toEqual(['admin.counts', 'admin.staff', 'admin.dashboard']);
  });

  it('refreshes the money queues on their own scopes', () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    const deposits = ['admin', 'deposits', 'list', { page: 1 }];
    const withdrawal = ['admin', 'withdrawals', 'one', 41];
    for (const key of [deposits, withdrawal]) client.setQueryData(key, 1);
    const stale = (key: unknown[]) => client.getQueryState(key)?.isInvalidated;
    applyAdminChange(client, { scope: 'deposits', id: '31' });
    expect([stale(deposits), stale(withdrawal)]).toEqual([true, false]);
    applyAdminChange(client, { scope: 'withdrawals', id: '41' });
    expect(stale(withdrawal)).toBe(true);
  });

  it('ignores an event it cannot read', () => {
    const { stale } = mount();
    act(() => fakeRealtime.emit('admin.changed', { scope: 'everything' }));
    act(() => fakeRealtime.emit('admin.changed', 'staff'));
    expect(stale()).toEqual([]);
  });

  it('refreshes the unread-chat badge on chat events', () => {
    const { stale } = mount();
    act(() => fakeRealtime.emit('message.sent', { message: {} }));
    expect(stale()).toEqual(['admin.counts']);
  });

  it('refetches every back-office screen after the link comes back, not on the first connection', () => {
    useRealtimeStore.setState({ status: 'connecting', error: null });
    const { stale } = mount();
    act(() => useRealtimeStore.setState({ status: 'connected' }));
    expect(stale()).toEqual([]);
    act(() => useRealtimeStore.setState({ status: 'connecting' }));
    act(() => useRealtimeStore.setState({ status: 'connected' }));
    expect(stale()).toEqual(['admin.counts', 'admin.staff', 'admin.clients', 'admin.dashboard']);
  });
});
