import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { useRealtimeStore } from '@/realtime/realtimeSocket';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { ok } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { ChatPage } from './ChatPage';
import { chatMessage, fakeRealtime, staffReply } from './testing';

vi.mock('@/realtime/useRealtimeChannel', async () => (await import('./testing')).fakeRealtimeModule);

async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const NEWEST = '2026-01-07T15:00:00.000Z';

function mount() {
  const polled = staffReply({ id: 2, message: 'Polled reply', created_at: '2026-01-07T15:00:07.000Z' });
  const get = vi.spyOn(api, 'get').mockImplementation(async (url: string, config) => {
    const params = (config?.params ?? {}) as Record<string, unknown>;
    if (url !== '/chat/messages') throw new Error(`Unexpected GET ${url}`);
    if (params.after !== undefined)
      return ok({ data: [chatMessage({ id: 1, created_at: NEWEST }), polled], next_page_url: null });
    return ok({ data: [chatMessage({ id: 1, created_at: NEWEST })], next_page_url: null });
  });
  vi.spyOn(api, 'post').mockResolvedValue(ok({ data: { message_ids: [] } }));
  renderRoutes([{ path: '/main/chat', element: <ChatPage /> }], '/main/chat');
  const polls = () =>
    get.mock.calls.filter(([, config]) => (config?.params as { after?: string })?.after !== undefined);
  const pageReads = () =>
    get.mock.calls.filter(([, config]) => (config?.params as { after?: string })?.after === undefined);
  return { get, polls, pageReads };
}

const setStatus = (status: 'connected' | 'connecting' | 'failed' | 'disconnected') =>
  act(() => useRealtimeStore.setState({ status, error: null }));

describe('chat backup polling (SPEC §4 Chat, §9: every 5 s while the link is down)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    useSessionStore.setState({ user: sessionUser({ id: 1 }), selectedAccountIndex: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
    fakeRealtime.reset();
  });

  it('never polls while the realtime link is connected', async () => {
    useRealtimeStore.setState({ status: 'connected', error: null });
    const { polls } = mount();
    await advance(60_000);
    expect(polls()).toHaveLength(0);
    expect(screen.queryByTestId('chat-backup-notice')).toBeNull();
  });

  it("polls every 5 s with `after` while disconnected, with SPEC's notice, then catches up once and stops", async () => {
    useRealtimeStore.setState({ status: 'failed', error: 'Connection failed' });
    const { polls, pageReads } = mount();
    await advance(0);
    expect(pageReads()).toHaveLength(1);
    expect(screen.getByTestId('chat-backup-notice').textContent).toBe(
      'Using backup connection - messages may be slightly delayed',
    );
    expect((screen.getByTestId('chat-composer-input') as HTMLTextAreaElement).placeholder).toBe(
      'Reconnecting...',
    );

    await advance(4_999);
    expect(polls()).toHaveLength(0);
    await advance(1);
    expect(polls()).toHaveLength(1);
    expect(polls()[0]).toEqual(['/chat/messages', { params: { page: 1, after: NEWEST } }]);
    // The polled message shows, once.
    expect(screen.getAllByTestId('chat-message').map((m) => m.textContent)).toEqual([
      expect.stringContaining('Hello'),
      expect.stringContaining('Polled reply'),
    ]);
    await advance(5_000);
    expect(polls()).toHaveLength(2);
    // Next time it asks from the newest message it holds.
    expect(polls()[1]?.[1]).toEqual({ params: { page: 1, after: '2026-01-07T15:00:07.000Z' } });

    setStatus('connected');
    expect(screen.queryByTestId('chat-backup-notice')).toBeNull();
    await advance(1_000);
    expect(polls()).toHaveLength(3);
    // The catch-up also reads the held page again, for receipts given while the link was down.
    expect(pageReads()).toHaveLength(2);
    await advance(60_000);
    expect(polls()).toHaveLength(3);

    // Down again: polling resumes.
    setStatus('connecting');
    await advance(5_000);
    expect(polls()).toHaveLength(4);
  });
});
