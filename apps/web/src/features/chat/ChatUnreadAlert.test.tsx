import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { playNotificationSound } from '@/features/notifications/sound';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { ok } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { ChatUnreadAlert } from './ChatUnreadAlert';
import { chatMessage, fakeRealtime, staffReply } from './testing';

vi.mock('@/realtime/useRealtimeChannel', async () => (await import('./testing')).fakeRealtimeModule);
vi.mock('@/features/notifications/sound', () => ({ playNotificationSound: vi.fn() }));

function mount(path: string, counts: number[]) {
  let calls = 0;
  const get = vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url === '/chat/unread-count')
      return ok({ unread_count: counts[Math.min(calls++, counts.length - 1)] });
    throw new Error(`Unexpected GET ${url}`);
  });
  const view = renderRoutes(
    [
      {
        path: '/main',
        element: (
          <>
            <ChatUnreadAlert />
            <Link to="/main/dashboard">dashboard</Link>
            <Outlet />
          </>
        ),
        children: [
          { path: 'dashboard', element: <p>dashboard page</p> },
          { path: 'chat', element: <p>chat page</p> },
        ],
      },
    ],
    path,
  );
  const countCalls = () => get.mock.calls.filter(([url]) => url === '/chat/unread-count').length;
  return { ...view, countCalls };
}

const alert = () => screen.queryByTestId('chat-unread-alert');

describe('unread chat alert (SPEC §2 Chat, §4 Unread alert)', () => {
  beforeEach(() => {
    useSessionStore.setState({ user: sessionUser({ id: 1 }), selectedAccountIndex: 0 });
    vi.mocked(playNotificationSound).mockClear();
  });
  afterEach(() => fakeRealtime.reset());

  it("shows 'New Messages' with the count away from the chat page; tapping it opens the chat and hides it", async () => {
    const { router } = mount('/main/dashboard', [2]);
    await waitFor(() => expect(alert()).toBeTruthy());
    expect(alert()?.textContent).toContain('New Messages');
    expect(alert()?.textContent).toContain('You have 2 unread message(s), TAP TO VIEW');
    expect(fakeRealtime.held()).toEqual(['private-chat.customer.1']);
    fireEvent.click(alert() as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/chat'));
    expect(alert()).toBeNull();
    // Leaving the chat page again does not bring it back by itself.
    fireEvent.click(screen.getByText('dashboard'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/dashboard'));
    expect(alert()).toBeNull();
  });

  it('stays hidden with nothing unread', async () => {
    const { countCalls } = mount('/main/dashboard', [0]);
    await waitFor(() => expect(countCalls()).toBe(1));
    expect(alert()).toBeNull();
  });

  it('stays hidden on the chat page, and does not refetch the count there', async () => {
    const { countCalls } = mount('/main/chat', [3]);
    await waitFor(() => expect(countCalls()).toBe(1));
    act(() => fakeRealtime.emit('message.sent', { message: staffReply({ id: 7 }) }));
    expect(alert()).toBeNull();
    expect(countCalls()).toBe(1);
    // The sound still plays for a message from someone else.
    expect(playNotificationSound).toHaveBeenCalledTimes(1);
  });

  it('refetches the count on a message from someone else, plays the sound, and shows again after a tap hid it', async () => {
    const { countCalls, router } = mount('/main/dashboard', [1, 1, 2]);
    await waitFor(() => expect(alert()).toBeTruthy());
    fireEvent.click(alert() as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/chat'));
    fireEvent.click(screen.getByText('dashboard'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/dashboard'));
    expect(alert()).toBeNull();

    // Our own message (sent from another tab) is not news: no sound, no refetch.
    act(() => fakeRealtime.emit('message.sent', { message: chatMessage({ id: 8 }) }));
    expect(playNotificationSound).not.toHaveBeenCalled();
    expect(countCalls()).toBe(1);

    act(() => fakeRealtime.emit('message.sent', { message: staffReply({ id: 9 }) }));
    expect(playNotificationSound).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(countCalls()).toBe(2));
    await waitFor(() => expect(alert()?.textContent).toContain('You have 1 unread message(s), TAP TO VIEW'));
  });

  it('only logs when the count cannot be fetched', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(api, 'get').mockRejectedValue(new Error('offline'));
    renderRoutes([{ path: '/main/dashboard', element: <ChatUnreadAlert /> }], '/main/dashboard');
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Could not fetch the unread chat count', expect.any(Error)),
    );
    expect(alert()).toBeNull();
  });

  it('is not shown to staff', async () => {
    useSessionStore.setState({ user: sessionUser({ id: 9, role: 'staff' }) });
    const get = vi.spyOn(api, 'get').mockResolvedValue(ok({ unread_count: 4 }));
    renderRoutes([{ path: '/main/dashboard', element: <ChatUnreadAlert /> }], '/main/dashboard');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(get).not.toHaveBeenCalled();
    expect(alert()).toBeNull();
  });
});
