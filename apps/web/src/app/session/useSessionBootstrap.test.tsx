import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { ok } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { SessionBootstrap } from './useSessionBootstrap';

function mount(path: string) {
  return renderRoutes([{ path: '*', element: <SessionBootstrap /> }], path);
}

async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

let visibility: DocumentVisibilityState = 'visible';

function setVisibility(next: DocumentVisibilityState): void {
  visibility = next;
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('session bootstrap (SPEC §4 Session, §7 heartbeat)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    useSessionStore.setState(useSessionStore.getInitialState(), true);
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('current user', () => {
    beforeEach(() => {
      vi.spyOn(api, 'post').mockResolvedValue(ok({ data: { is_online: true } }));
    });

    it('waits 100 ms, then fetches GET /user on a protected route and stores the answer', async () => {
      useSessionStore.setState({ user: sessionUser({ first_name: 'Stale' }) });
      const get = vi.spyOn(api, 'get').mockResolvedValue(ok({ data: sessionUser({ first_name: 'Fresh' }) }));
      mount('/main/dashboard');

      await advance(99);
      expect(get).not.toHaveBeenCalled();
      await advance(1);
      expect(get).toHaveBeenCalledTimes(1);
      expect(get).toHaveBeenCalledWith('/user', expect.anything());
      await advance(1);
      expect(useSessionStore.getState().user?.first_name).toBe('Fresh');

      // Once per session, not on every tick.
      await advance(60_000);
      expect(get.mock.calls.filter(([url]) => url === '/user')).toHaveLength(1);
    });

    it('asks for the selected account', async () => {
      useSessionStore.setState({ user: sessionUser(), selectedAccountIndex: 2 });
      const get = vi.spyOn(api, 'get').mockResolvedValue(ok({ data: sessionUser() }));
      mount('/main/accounts');
      await advance(100);
      expect(get).toHaveBeenCalledWith('/user', { params: { account_index: 2 } });
    });

    it.each([
      '/',
      '/login',
      '/signup',
      '/register',
      '/register/country-residence',
      '/auto-login',
      '/forgot-password',
    ])('never fetches the user on %s', async (path) => {
      useSessionStore.setState({ user: sessionUser() });
      const get = vi.spyOn(api, 'get').mockResolvedValue(ok({ data: sessionUser() }));
      mount(path);
      await advance(10_000);
      expect(get).not.toHaveBeenCalled();
    });

    it('does nothing without a session user', async () => {
      const get = vi.spyOn(api, 'get').mockResolvedValue(ok({ data: sessionUser() }));
      mount('/main/dashboard');
      await advance(10_000);
      expect(get).not.toHaveBeenCalled();
    });

    it('retries a failed fetch once, 5 s later, keeping the stored user meanwhile', async () => {
      const stored = sessionUser({ first_name: 'Stored' });
      useSessionStore.setState({ user: stored });
      const get = vi.spyOn(api, 'get').mockRejectedValue(new Error('offline'));
      mount('/main/dashboard');

      await advance(100);
      expect(get).toHaveBeenCalledTimes(1);
      await advance(4_999);
      expect(get).toHaveBeenCalledTimes(1);
      await advance(1);
      expect(get).toHaveBeenCalledTimes(2);
      await advance(30_000);
      expect(get).toHaveBeenCalledTimes(2);
      expect(useSessionStore.getState().user).toEqual(stored);
    });
  });

  describe('heartbeat', () => {
    function heartbeats(spy: { mock: { calls: readonly (readonly unknown[])[] } }): number {
      return spy.mock.calls.filter((call) => call[0] === '/user/heartbeat').length;
    }

    beforeEach(() => {
      vi.spyOn(api, 'get').mockResolvedValue(ok({ data: sessionUser() }));
    });

    it('beats on start, then every 60 s while the page is visible', async () => {
      useSessionStore.setState({ user: sessionUser() });
      const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ data: { is_online: true } }));
      mount('/main/dashboard');

      // The start beat shows the user online to staff at once, not a minute later.
      await advance(59_999);
      expect(heartbeats(post)).toBe(1);
      await advance(1);
      expect(heartbeats(post)).toBe(2);
      await advance(120_000);
      expect(heartbeats(post)).toBe(4);
    });

    it('stays quiet while hidden and beats once on each visibility change', async () => {
      useSessionStore.setState({ user: sessionUser() });
      const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ data: { is_online: true } }));
      mount('/main/dashboard');

      act(() => setVisibility('hidden'));
      expect(heartbeats(post)).toBe(2);
      await advance(180_000);
      expect(heartbeats(post)).toBe(2);

      act(() => setVisibility('visible'));
      expect(heartbeats(post)).toBe(3);
      await advance(60_000);
      expect(heartbeats(post)).toBe(4);
    });

    it('never beats without a session user, and stops when the session ends', async () => {
      const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ data: { is_online: true } }));
      mount('/main/dashboard');
      act(() => setVisibility('hidden'));
      act(() => setVisibility('visible'));
      await advance(180_000);
      expect(heartbeats(post)).toBe(0);

      act(() => useSessionStore.setState({ user: sessionUser() }));
      await advance(60_000);
      expect(heartbeats(post)).toBe(2);
      act(() => useSessionStore.getState().clear());
      await advance(180_000);
      act(() => setVisibility('hidden'));
      expect(heartbeats(post)).toBe(2);
    });

    it('ignores heartbeat failures and keeps beating', async () => {
      useSessionStore.setState({ user: sessionUser() });
      const post = vi.spyOn(api, 'post').mockRejectedValue(new Error('offline'));
      mount('/main/dashboard');
      await advance(120_000);
      expect(heartbeats(post)).toBe(3);
    });
  });
});
