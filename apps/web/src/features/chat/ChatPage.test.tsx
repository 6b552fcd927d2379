import type { ChatMessage } from '@openbroker/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { useRealtimeStore } from '@/realtime/realtimeSocket';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { ok } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { ChatPage } from './ChatPage';
import { chatAttachment, chatMessage, fakeRealtime, staffReply } from './testing';

vi.mock('@/realtime/useRealtimeChannel', async () => (await import('./testing')).fakeRealtimeModule);

const HOSTILE = '<img src=x onerror=alert(1)>';

function mount(page: ChatMessage[], options: { nextPage?: ChatMessage[] } = {}) {
  const get = vi.spyOn(api, 'get').mockImplementation(async (url: string, config) => {
    const params = (config?.params ?? {}) as Record<string, unknown>;
    if (url === '/chat/messages' && params.page === 2) {
      return ok({ data: options.nextPage ?? [], next_page_url: null });
    }
    if (url === '/chat/messages') {
      return ok({ data: page, next_page_url: options.nextPage ? '/chat/messages?page=2' : null });
    }
    throw new Error(`Unexpected GET ${url}`);
  });
  const post = vi.spyOn(api, 'post').mockImplementation(async (url: string, body) => {
    if (url === '/chat/read')
      return ok({ data: { message_ids: page.filter((m) => m.is_admin).map((m) => m.id) } });
    if (url === '/chat/messages') {
      const { message } = body as { message: string };
      return ok({ data: chatMessage({ id: 100, message, created_at: new Date().toISOString() }) });
    }
    throw new Error(`Unexpected POST ${url}`);
  });
  const view = renderRoutes([{ path: '/main/chat', element: <ChatPage /> }], '/main/chat');
  return { ...view, get, post };
}

const rows = () => screen.queryAllByTestId('chat-message');

describe('customer chat page (SPEC §2 Chat)', () => {
  beforeEach(() => {
    useSessionStore.setState({ user: sessionUser({ id: 1 }), selectedAccountIndex: 0 });
    useRealtimeStore.setState({ status: 'connected', error: null });
  });
  afterEach(() => fakeRealtime.reset());

  it('shows the conversation by day, own messages marked mine with Read, text shown literally', async () => {
    const today = new Date();
    today.setHours(9, 0, 0, 0);
    const yesterday = new Date(today.getTime() - 24 * 60 * 60 * 1000);
    mount([
      chatMessage({
        id: 1,
        message: `Hi ${HOSTILE}\nsecond line`,
        created_at: yesterday.toISOString(),
        read_at: yesterday.toISOString(),
      }),
      staffReply({
        id: 2,
        message: 'How can we help?',
        created_at: today.toISOString(),
        read_at: today.toISOString(),
      }),
      chatMessage({ id: 3, message: 'Still here', created_at: today.toISOString() }),
    ]);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getAllByTestId('chat-day-header').map((h) => h.textContent)).toEqual([
      'Yesterday',
      'Today',
    ]);
    const [mine, theirs, unreadMine] = rows();
    expect(mine?.dataset.mine).toBe('true');
    expect(theirs?.dataset.mine).toBe('false');
    expect(within(mine as HTMLElement).getByTestId('chat-read-marker').textContent).toContain('Read');
    expect(within(unreadMine as HTMLElement).queryByTestId('chat-read-marker')).toBeNull();
    // Support's reply is theirs: no read marker on it even though it was read.
    expect(within(theirs as HTMLElement).queryByTestId('chat-read-marker')).toBeNull();
    expect(theirs?.textContent).toContain('Sam');

    // SPEC: text, never HTML; newlines kept.
    expect(mine?.textContent).toContain(HOSTILE);
    expect(mine?.querySelector('img')).toBeNull();
    expect(mine?.querySelector('p')?.className).toContain('whitespace-pre-wrap');
    expect(mine?.querySelector('p')?.textContent).toBe(`Hi ${HOSTILE}\nsecond line`);
    expect(fakeRealtime.held()).toEqual(['private-chat.customer.1']);
  });

  it('shows image attachments as thumbnails with a download link, other files as chips', async () => {
    mount([
      staffReply({
        id: 5,
        message: '',
        attachments: [
          chatAttachment(),
          chatAttachment({
            id: 'b2',
            file_name: 'terms.pdf',
            download_url: '/api/v1/chat/attachments/b2',
            is_image: false,
            mime: 'application/pdf',
          }),
        ],
      }),
    ]);
    const image = (await screen.findByTestId('chat-attachment-image')) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/api/v1/chat/attachments/a1');
    expect(image.alt).toBe('statement.png');
    expect(screen.getByText('Download statement.png').closest('a')?.getAttribute('href')).toBe(
      '/api/v1/chat/attachments/a1?download=1',
    );
    expect(screen.getByTestId('chat-attachment-file').getAttribute('href')).toBe(
      '/api/v1/chat/attachments/b2?download=1',
    );
  });

  it("says 'No messages yet' for an empty conversation", async () => {
    mount([]);
    expect(await screen.findByText('No messages yet')).toBeTruthy();
    expect(screen.getByText('Start a conversation by typing a message below')).toBeTruthy();
  });

  it("shows SPEC's 'Invalid response from server' for a malformed list", async () => {
    vi.spyOn(api, 'get').mockResolvedValue(ok({ data: 'nope' }));
    renderRoutes([{ path: '/main/chat', element: <ChatPage /> }], '/main/chat');
    expect(await screen.findByText('Invalid response from server')).toBeTruthy();
  });

  it('marks support replies read while the page is visible, and not otherwise', async () => {
    let visibility: DocumentVisibilityState = 'hidden';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const { post } = mount([chatMessage({ id: 1 }), staffReply({ id: 2 })]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(post).not.toHaveBeenCalledWith('/chat/read', expect.anything());
    visibility = 'visible';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(post).toHaveBeenCalledWith('/chat/read', {}));
  });

  it('adds pushed messages once, applies read events, and sends', async () => {
    const { post } = mount([chatMessage({ id: 1, message: 'First' })]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    const reply = staffReply({ id: 2, message: 'Pushed reply', created_at: '2026-01-07T15:01:00.000Z' });
    act(() => {
      fakeRealtime.emit('message.sent', { message: reply });
      fakeRealtime.emit('message.sent', { message: reply });
      // Another customer's conversation is not ours, and a malformed push is ignored.
      fakeRealtime.emit('message.sent', { message: { ...reply, id: 3, customer_id: 2 } });
      fakeRealtime.emit('message.sent', { nonsense: true });
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]?.textContent).toContain('Pushed reply');
    await waitFor(() => expect(post).toHaveBeenCalledWith('/chat/read', {}));

    act(() => {
      fakeRealtime.emit('message.read', {
        customer_id: 1,
        message_id: 1,
        message_ids: [1],
        read_at: '2026-01-07T15:02:00.000Z',
      });
    });
    await waitFor(() =>
      expect(within(rows()[0] as HTMLElement).queryByTestId('chat-read-marker')).toBeTruthy(),
    );

    fireEvent.change(screen.getByTestId('chat-composer-input'), { target: { value: 'Thanks' } });
    fireEvent.keyDown(screen.getByTestId('chat-composer-input'), { key: 'Enter' });
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/chat/messages', { message: 'Thanks', attachments: [] }),
    );
    await waitFor(() => expect(rows().at(-1)?.textContent).toContain('Thanks'));
    expect(rows().at(-1)?.dataset.mine).toBe('true');
  });

  it('loads the older page when scrolled within 100 px of the top, keeping the view in place', async () => {
    // happy-dom lays nothing out: give each message row 400 px and the list a 500 px window.
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.querySelectorAll('[data-testid="chat-message"]').length * 400;
    });
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(500);
    const { get } = mount(
      [chatMessage({ id: 40, message: 'Newer' }), chatMessage({ id: 41, message: 'Newest' })],
      { nextPage: [chatMessage({ id: 10, message: 'Older page', created_at: '2026-01-01T10:00:00.000Z' })] },
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    const scroller = screen.getByTestId('chat-scroller');
    expect(scroller.scrollTop).toBe(800);
    expect(get).not.toHaveBeenCalledWith('/chat/messages', { params: { page: 2 } });

    scroller.scrollTop = 150;
    fireEvent.scroll(scroller);
    expect(get).not.toHaveBeenCalledWith('/chat/messages', { params: { page: 2 } });
    // Scrolled up, the button to the bottom shows.
    expect(screen.getByTestId('chat-scroll-bottom')).toBeTruthy();
    scroller.scrollTop = 60;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(get).toHaveBeenCalledWith('/chat/messages', { params: { page: 2 } });
    expect(rows()[0]?.textContent).toContain('Older page');
    // The 400 px that went in above moved the view down by as much: the same messages stay in view.
    expect(scroller.scrollTop).toBe(460);
  });

  it('lights the new-message dot when a message arrives while scrolled up', async () => {
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(3000);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(500);
    mount([chatMessage({ id: 1 }), chatMessage({ id: 2 })]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const scroller = screen.getByTestId('chat-scroller');
    scroller.scrollTop = 1000;
    fireEvent.scroll(scroller);
    expect(screen.queryByTestId('chat-new-message-dot')).toBeNull();
    act(() => {
      fakeRealtime.emit('message.sent', {
        message: staffReply({ id: 3, created_at: '2026-01-07T15:05:00.000Z' }),
      });
    });
    expect(await screen.findByTestId('chat-new-message-dot')).toBeTruthy();
    fireEvent.click(screen.getByTestId('chat-scroll-bottom'));
    await waitFor(() => expect(screen.queryByTestId('chat-scroll-bottom')).toBeNull());
  });
});
