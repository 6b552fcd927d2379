import type { ChatUser } from '@openbroker/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { chatMessage, chatUser, fakeRealtime } from '@/features/chat/testing';
import { playNotificationSound } from '@/features/notifications/sound';
import { useRealtimeStore } from '@/realtime/realtimeSocket';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { networkError, ok } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { AdminChatPage } from './AdminChatPage';

vi.mock(
  '@/realtime/useRealtimeChannel',
  async () => (await import('@/features/chat/testing')).fakeRealtimeModule,
);
vi.mock('@/features/notifications/sound', () => ({ playNotificationSound: vi.fn() }));

const USERS: ChatUser[] = [
  chatUser({
    id: 1,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    account_id: '10000001',
    is_online: true,
    unread_count: 2,
    last_message: 'My deposit is missing',
    last_message_at: '2026-01-07T15:00:00.000Z',
  }),
  chatUser({
    id: 2,
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@navy.example',
    account_id: '10000002',
    is_online: false,
    last_message: 'Thanks!',
    last_message_at: '2026-01-07T16:00:00.000Z',
  }),
  chatUser({
    id: 3,
    first_name: 'Alan',
    last_name: 'Turing',
    email: 'alan@example.org',
    account_id: '10000777',
    is_online: true,
  }),
];

function mount(path = '/admin/chat', users: ChatUser[] = USERS) {
  const get = vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url === '/admin/users') return ok({ data: users });
    if (url === '/chat/messages') return ok({ data: [], next_page_url: null });
    throw new Error(`Unexpected GET ${url}`);
  });
  const post = vi.spyOn(api, 'post').mockImplementation(async (url: string, body) => {
    if (url === '/chat/read') return ok({ data: { message_ids: [] } });
    if (url === '/chat/messages') {
      const { message, customer_id } = body as { message: string; customer_id: number };
      return ok({
        data: chatMessage({
          id: 50,
          customer_id,
          sender_id: 9,
          is_admin: true,
          message,
          created_at: new Date().toISOString(),
        }),
      });
    }
    throw new Error(`Unexpected POST ${url}`);
  });
  return { ...renderRoutes([{ path: '/admin/chat', element: <AdminChatPage /> }], path), get, post };
}

const listed = () => screen.queryAllByTestId('admin-chat-user').map((row) => Number(row.dataset.userId));
const row = (id: number) =>
  screen.getAllByTestId('admin-chat-user').find((r) => r.dataset.userId === String(id));
const badge = (id: number) => {
  const r = row(id);
  return r ? (within(r).queryByTestId('admin-chat-unread-badge')?.textContent ?? null) : null;
};

describe('Admin Chat (SPEC §2)', () => {
  beforeEach(() => {
    useSessionStore.setState({
      user: sessionUser({ id: 9, role: 'staff', first_name: 'Sam' }),
      selectedAccountIndex: 0,
    });
    useRealtimeStore.setState({ status: 'connected', error: null });
  });
  afterEach(() => fakeRealtime.reset());

  it('is for support staff only', () => {
    useSessionStore.setState({ user: sessionUser({ role: 'customer' }) });
    const get = vi.spyOn(api, 'get');
    renderRoutes([{ path: '/admin/chat', element: <AdminChatPage /> }], '/admin/chat');
    expect(screen.getByText('This page is for support staff.')).toBeTruthy();
    expect(get).not.toHaveBeenCalled();
  });

  it("lists users, latest conversation first, with badges and online dots; 'Loading users...' first", async () => {
    mount();
    expect(screen.getByText('Loading users...')).toBeTruthy();
    await waitFor(() => expect(listed()).toEqual([2, 1, 3]));
    expect(badge(1)).toBe('2');
    expect(badge(2)).toBeNull();
    expect(within(row(1) as HTMLElement).getByTestId('admin-chat-online-dot').dataset.online).toBe('true');
    expect(within(row(2) as HTMLElement).getByTestId('admin-chat-online-dot').dataset.online).toBe('false');
    expect(row(1)?.textContent).toContain('My deposit is missing');
    expect(screen.getByText('Select a user to start chatting')).toBeTruthy();
    expect(screen.getByTestId('admin-chat-connection').textContent).toBe('Connected');
    expect(fakeRealtime.held()).toEqual(['private-chat.staff']);
  });

  it('filters by the All / Online / Unread tabs and by name, email or account id', async () => {
    mount();
    await waitFor(() => expect(listed()).toHaveLength(3));
    fireEvent.click(screen.getByRole('tab', { name: 'Online' }));
    expect(listed()).toEqual([1, 3]);
    fireEvent.click(screen.getByRole('tab', { name: /Unread/ }));
    expect(listed()).toEqual([1]);
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    fireEvent.change(search, { target: { value: 'HOPPER' } });
    expect(listed()).toEqual([2]);
    fireEvent.change(search, { target: { value: 'example.org' } });
    expect(listed()).toEqual([3]);
    fireEvent.change(search, { target: { value: '10000001' } });
    expect(listed()).toEqual([1]);
    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(screen.getByText('No users found')).toBeTruthy();
    // Search and tab combine.
    fireEvent.change(search, { target: { value: 'a' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Online' }));
    expect(listed()).toEqual([1, 3]);
  });

  it('is used by keyboard: arrows move through the customers (one Tab stop), Enter opens one; arrows switch tabs', async () => {
    mount();
    await waitFor(() => expect(listed()).toEqual([2, 1, 3]));
    const rows = screen.getAllByTestId('admin-chat-user');
    expect(screen.getByRole('listbox', { name: 'Customers' })).toBeTruthy();
    expect(rows.map((r) => r.tabIndex)).toEqual([0, -1, -1]);
    (rows[0] as HTMLElement).focus();
    fireEvent.keyDown(rows[0] as HTMLElement, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(rows[1]));
    fireEvent.keyDown(rows[1] as HTMLElement, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('admin-chat-title').textContent).toBe('Ada Lovelace'));
    expect(row(1)?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('log', { name: 'Messages' }).getAttribute('aria-live')).toBe('polite');

    const all = screen.getByRole('tab', { name: 'All' });
    all.focus();
    fireEvent.keyDown(all, { key: 'ArrowRight' });
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Online' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(listed()).toEqual([1, 3]);
  });

  it('opens a conversation: header, empty state, sends with customer_id', async () => {
    const { post, get } = mount();
    await waitFor(() => expect(listed()).toHaveLength(3));
    fireEvent.click(row(2) as HTMLElement);
    expect(await screen.findByText('No messages yet')).toBeTruthy();
    expect(screen.getByText('Start a conversation by typing a message below')).toBeTruthy();
    expect(screen.getByTestId('admin-chat-title').textContent).toBe('Grace Hopper');
    expect(screen.getByText('Offline')).toBeTruthy();
    expect(screen.getByText('Account 10000002')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/chat/messages', { params: { page: 1, customer_id: 2 } });

    const input = screen.getByTestId('chat-composer-input');
    fireEvent.change(input, { target: { value: 'Hello Grace' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/chat/messages', {
        message: 'Hello Grace',
        attachments: [],
        customer_id: 2,
      }),
    );
    const sent = await screen.findByText('Hello Grace');
    expect(sent.closest('[data-testid="chat-message"]')?.getAttribute('data-mine')).toBe('true');
    // The list's preview follows the open conversation.
    await waitFor(() => expect(row(2)?.textContent).toContain('Hello Grace'));
  });

  it("bumps a closed conversation's unread badge live and plays the sound; the open one is read instead", async () => {
    const { post } = mount('/admin/chat?customer=1');
    await waitFor(() => expect(listed()).toHaveLength(3));
    // Opening Ada's conversation marks it read and clears her badge.
    await waitFor(() => expect(screen.getByTestId('admin-chat-title').textContent).toBe('Ada Lovelace'));
    await screen.findByText('No messages yet');
    act(() => {
      fakeRealtime.emit('message.sent', {
        message: chatMessage({
          id: 60,
          customer_id: 3,
          sender_id: 3,
          message: 'Hi from Alan',
          created_at: '2026-01-07T17:00:00.000Z',
        }),
      });
    });
    await waitFor(() => expect(badge(3)).toBe('1'));
    expect(listed()[0]).toBe(3);
    expect(row(3)?.textContent).toContain('Hi from Alan');
    expect(playNotificationSound).toHaveBeenCalledTimes(1);

    act(() => {
      fakeRealtime.emit('message.sent', {
        message: chatMessage({
          id: 61,
          customer_id: 1,
          sender_id: 1,
          message: 'Ada again',
          created_at: '2026-01-07T17:01:00.000Z',
        }),
      });
    });
    expect(await screen.findByText('Ada again')).toBeTruthy();
    await waitFor(() => expect(post).toHaveBeenCalledWith('/chat/read', { customer_id: 1 }));
    await waitFor(() => expect(badge(1)).toBeNull());
    expect(badge(3)).toBe('1');
  });

  it("shows the connection label and SPEC's backup notice while the link is down", async () => {
    mount('/admin/chat?customer=1');
    await waitFor(() => expect(screen.getByTestId('admin-chat-connection').textContent).toBe('Connected'));
    expect(screen.queryByTestId('chat-backup-notice')).toBeNull();
    act(() => useRealtimeStore.setState({ status: 'connecting' }));
    expect(screen.getByTestId('admin-chat-connection').textContent).toBe('Reconnecting...');
    expect(screen.getByTestId('chat-backup-notice').textContent).toBe(
      'Using backup connection - messages may be slightly delayed',
    );
    act(() => useRealtimeStore.setState({ status: 'failed', error: 'Connection failed' }));
    expect(screen.getByTestId('admin-chat-connection').textContent).toBe('Reconnecting...');
    act(() => useRealtimeStore.setState({ status: 'disconnected' }));
    expect(screen.getByTestId('admin-chat-connection').textContent).toBe('Disconnected');
  });
});

describe('Admin Chat below 768 px', () => {
  beforeEach(() => {
    useSessionStore.setState({ user: sessionUser({ id: 9, role: 'staff' }), selectedAccountIndex: 0 });
    useRealtimeStore.setState({ status: 'connected', error: null });
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: false,
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
  });
  afterEach(() => fakeRealtime.reset());

  it("keeps the user list in a drawer opened by 'Show Users'; choosing someone closes it", async () => {
    mount();
    // Nobody chosen yet: the drawer starts open.
    const drawer = await screen.findByTestId('admin-chat-drawer');
    await waitFor(() => expect(within(drawer).getAllByTestId('admin-chat-user')).toHaveLength(3));
    fireEvent.click(within(drawer).getAllByTestId('admin-chat-user')[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('admin-chat-drawer')).toBeNull());
    expect(screen.getByTestId('admin-chat-title').textContent).toBe('Grace Hopper');
    fireEvent.click(screen.getByRole('button', { name: 'Show Users' }));
    expect(await screen.findByTestId('admin-chat-drawer')).toBeTruthy();
  });
});

describe('Admin Chat user list failures', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    useSessionStore.setState({ user: sessionUser({ id: 9, role: 'staff' }), selectedAccountIndex: 0 });
    useRealtimeStore.setState({ status: 'connected', error: null });
  });
  afterEach(() => {
    vi.useRealTimers();
    fakeRealtime.reset();
  });

  it("says 'Failed to load users. Retrying...' and retries after 5 s; the list refreshes every 30 s", async () => {
    let failures = 2;
    const get = vi.spyOn(api, 'get').mockImplementation(async () => {
      if (failures-- > 0) throw networkError();
      return ok({ data: USERS });
    });
    renderRoutes([{ path: '/admin/chat', element: <AdminChatPage /> }], '/admin/chat');
    const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
    await advance(0);
    expect(screen.getByText('Failed to load users. Retrying...')).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(1);
    await advance(5_000);
    expect(get).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Failed to load users. Retrying...')).toBeTruthy();
    await advance(5_000);
    expect(get).toHaveBeenCalledTimes(3);
    // Query results reach React through a batched timer.
    await advance(100);
    expect(screen.queryByText('Failed to load users. Retrying...')).toBeNull();
    expect(listed()).toHaveLength(3);
    await advance(29_800);
    expect(get).toHaveBeenCalledTimes(3);
    await advance(200);
    expect(get).toHaveBeenCalledTimes(4);
  });
});
