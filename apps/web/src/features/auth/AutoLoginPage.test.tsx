import { screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { useSessionStore } from '@/stores/sessionStore';
import { useSettingsStore } from '@/stores/settingsStore';
import { sessionUser, siteSettings } from '@/test/fixtures';
import { httpError, ok } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { AutoLoginPage } from './AutoLoginPage';

const TOKEN = 'b'.repeat(43);
const INVALID = 'This sign-in link is invalid or has expired.';

function renderAt(path: string) {
  return renderRoutes(
    [
      {
        path: '/auto-login',
        element: (
          <StrictMode>
            <AutoLoginPage />
          </StrictMode>
        ),
      },
      { path: '/main/dashboard', element: <p>Dashboard reached</p> },
      { path: '/', element: <p>Login page</p> },
    ],
    path,
  );
}

describe('/auto-login', () => {
  beforeEach(() => {
    useSessionStore.setState(useSessionStore.getInitialState(), true);
    useSettingsStore.setState({ settings: siteSettings(), initialized: true, error: null });
  });

  it('exchanges the token once, stores the user and opens the dashboard', async () => {
    const user = sessionUser({ first_name: 'Linked' });
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ data: { user, token: 'ignored' } }));
    const { router } = renderAt(`/auto-login?token=${TOKEN}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/dashboard'));
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/auth/auto-login', { token: TOKEN }, { keepSessionOn401: true });
    expect(useSessionStore.getState().user).toEqual(user);
    expect(localStorage.getItem('user-storage')).not.toContain('ignored');
  });

  it("shows the server's message and a link to / when the link is spent", async () => {
    vi.spyOn(api, 'post').mockRejectedValue(httpError(401, { message: INVALID, code: 'UNAUTHENTICATED' }));
    const { router } = renderAt(`/auto-login?token=${TOKEN}`);
    expect(await screen.findByText(INVALID)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/');
    expect(router.state.location.pathname).toBe('/auto-login');
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('does not call the server without a usable token', async () => {
    const post = vi.spyOn(api, 'post');
    renderAt('/auto-login');
    expect(await screen.findByText(INVALID)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });
});
