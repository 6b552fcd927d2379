import type { User } from '@openbroker/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { useSessionStore } from '@/stores/sessionStore';
import { useSettingsStore } from '@/stores/settingsStore';
import { sessionUser, siteSettings } from '@/test/fixtures';
import { deferred, ok } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { appRoutes } from '../routes';

const DISABLED_TEXT = 'Your account is currently disabled, please contact support.';
const AWAITING_TEXT = 'Your account is awaiting approval from the Client Management Team';

/** The server's current view of the user, answered by every `GET /user`. */
function serverSays(...answers: User[]) {
  const get = vi.spyOn(api, 'get');
  for (const answer of answers) get.mockResolvedValueOnce(ok({ data: answer }));
  const last = answers.at(-1);
  if (last) get.mockResolvedValue(ok({ data: last }));
  return get;
}

function userCalls(spy: { mock: { calls: readonly (readonly unknown[])[] } }) {
  return spy.mock.calls.filter((call) => call[0] === '/user');
}

describe('account status gate (SPEC §2, §4, §6)', () => {
  beforeEach(() => {
    useSessionStore.setState(useSessionStore.getInitialState(), true);
    useSettingsStore.setState({
      settings: siteSettings(),
      initialized: true,
      error: null,
      isLoading: false,
      fetchSettings: vi.fn(async () => {}),
    });
  });

  it('shows Awaiting Approval to a pending user on a protected route; Logout ends the session', async () => {
    useSessionStore.setState({ user: sessionUser({ status: 'pending' }) });
    serverSays(sessionUser({ status: 'pending' }));
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ data: null }));
    const { router } = renderRoutes(appRoutes, '/main/dashboard');

    const view = await screen.findByTestId('awaiting-approval');
    expect(view.textContent).toContain(AWAITING_TEXT);
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByTestId('login-form')).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/auth/logout');
    expect(useSessionStore.getState().user).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows Account Currently Disabled to a deactivated user; Check Status re-fetches the user', async () => {
    useSessionStore.setState({ user: sessionUser({ status: 'deactivated' }) });
    const get = serverSays(sessionUser({ status: 'deactivated' }), sessionUser({ status: 'active' }));
    renderRoutes(appRoutes, '/mt4');

    const view = await screen.findByTestId('account-disabled');
    expect(view.textContent).toContain(DISABLED_TEXT);
    expect(userCalls(get)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Check Status' }));
    expect(await screen.findByTestId('terminal')).toBeTruthy();
    expect(userCalls(get)).toHaveLength(2);
    expect(useSessionStore.getState().user?.status).toBe('active');
  });

  it('lets an active user through', async () => {
    useSessionStore.setState({ user: sessionUser() });
    serverSays(sessionUser());
    renderRoutes(appRoutes, '/main/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeTruthy();
    expect(screen.queryByTestId('account-disabled')).toBeNull();
    expect(screen.queryByTestId('awaiting-approval')).toBeNull();
  });

  it('decides on the fetched user, not a stale stored one, and shows nothing protected meanwhile', async () => {
    useSessionStore.setState({ user: sessionUser({ status: 'active' }) });
    const answer = deferred<ReturnType<typeof ok<{ data: User }>>>();
    vi.spyOn(api, 'get').mockReturnValue(answer.promise);
    renderRoutes(appRoutes, '/main/dashboard');

    expect(await screen.findByTestId('session-loading')).toBeTruthy();
    // Long past the 100 ms pause: still waiting for the server, still nothing of the app shown.
    await new Promise((r) => setTimeout(r, 250));
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();

    answer.resolve(ok({ data: sessionUser({ status: 'deactivated' }) }));
    expect(await screen.findByTestId('account-disabled')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
    expect(useSessionStore.getState().user?.status).toBe('deactivated');
  });

  it('falls back to the stored user when the fetch fails, instead of spinning forever', async () => {
    useSessionStore.setState({ user: sessionUser({ status: 'pending' }) });
    vi.spyOn(api, 'get').mockRejectedValue(new Error('offline'));
    renderRoutes(appRoutes, '/main/dashboard');
    expect(await screen.findByTestId('awaiting-approval')).toBeTruthy();
  });

  it.each(['/', '/login', '/forgot-password'])(
    'never blocks the public page %s, and does not fetch the user there',
    async (path) => {
      useSessionStore.setState({ user: sessionUser({ status: 'pending' }) });
      const get = serverSays(sessionUser({ status: 'pending' }));
      renderRoutes(appRoutes, path);
      expect(
        await screen.findByTestId(path === '/forgot-password' ? 'forgot-form' : 'login-form'),
      ).toBeTruthy();
      await new Promise((r) => setTimeout(r, 250));
      expect(screen.queryByTestId('awaiting-approval')).toBeNull();
      expect(userCalls(get)).toHaveLength(0);
    },
  );

  it('sends a pending user who signs in to Awaiting Approval', async () => {
    const pending = sessionUser({ status: 'pending', email: 'new@example.com' });
    vi.spyOn(api, 'post').mockResolvedValue(ok({ data: { user: pending, token: 'ignored' } }));
    serverSays(pending);
    const { router } = renderRoutes(appRoutes, '/');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.submit(screen.getByTestId('login-form'));
    expect(await screen.findByTestId('awaiting-approval')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/dashboard'));
  });
});
