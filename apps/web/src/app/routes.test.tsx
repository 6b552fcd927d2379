import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { useSessionStore } from '@/stores/sessionStore';
import { useSettingsStore } from '@/stores/settingsStore';
import { sessionUser, siteSettings } from '@/test/fixtures';
import { ok } from '@/test/http';
import { createQueryClient, Providers } from './Providers';
import { appRoutes } from './routes';

/** Renders the real route table at `path`, past the site gate (settings cached, fetch stubbed). */
function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

async function expectPath(router: ReturnType<typeof renderAt>, pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
}

describe('route table and guards', () => {
  beforeEach(() => {
    useSessionStore.setState(useSessionStore.getInitialState(), true);
    useSettingsStore.setState({
      settings: siteSettings(),
      initialized: true,
      error: null,
      isLoading: false,
      fetchSettings: vi.fn(async () => {}),
    });
    // The session bootstrap refreshes the signed-in user on protected pages.
    vi.spyOn(api, 'get').mockImplementation(async () => ok({ data: useSessionStore.getState().user }));
  });

  it.each(['/main/dashboard', '/main/deposit/card', '/mt4', '/trading', '/admin/chat'])(
    'sends a visitor without a session from %s to the sign-in page',
    async (path) => {
      const router = renderAt(path);
      expect(await screen.findByTestId('login-form')).toBeTruthy();
      await expectPath(router, '/');
    },
  );

  it('serves the sign-in page at / and /login', async () => {
    renderAt('/login');
    expect(await screen.findByTestId('login-form')).toBeTruthy();
  });

  it('lets a signed-in user into /main and opens the dashboard', async () => {
    useSessionStore.setState({ user: sessionUser() });
    const router = renderAt('/main');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeTruthy();
    await expectPath(router, '/main/dashboard');
    expect(screen.getByTestId('dashboard')).toBeTruthy();
  });

  it('opens /main/deposit on the bitcoin deposit', async () => {
    useSessionStore.setState({
      user: sessionUser({
        accounts: [
          {
            id: 1,
            number: '10000001',
            title: 'Live',
            type: 'live',
            currency: 'USD',
            balance: 0,
            credit_balance: 0,
          },
        ],
      }),
    });
    const router = renderAt('/main/deposit');
    expect(await screen.findByRole('heading', { name: 'BTC deposit' })).toBeTruthy();
    await expectPath(router, '/main/deposit/btc');
  });

  it('routes a wallet address under its crypto', async () => {
    useSessionStore.setState({
      user: sessionUser({
        accounts: [
          {
            id: 1,
            number: '10000001',
            title: 'Live',
            type: 'live',
            currency: 'USD',
            balance: 0,
            credit_balance: 0,
          },
        ],
      }),
    });
    renderAt('/main/deposit/usdt/wallet-42');
    expect(await screen.findByRole('heading', { name: 'USDT deposit' })).toBeTruthy();
  });

  it('shows the terminal frame on /mt4 for a signed-in user', async () => {
    useSessionStore.setState({ user: sessionUser() });
    renderAt('/mt4');
    expect(await screen.findByTestId('terminal')).toBeTruthy();
  });

  it.each(['/signup', '/register', '/register/country-residence'])(
    'sends a signed-in user from %s to /main',
    async (path) => {
      useSessionStore.setState({ user: sessionUser() });
      const router = renderAt(path);
      await expectPath(router, '/main/dashboard');
    },
  );

  it.each([
    ['/signup', 'signup-form'],
    ['/forgot-password', 'forgot-form'],
  ])('lets a visitor open %s', async (path, testId) => {
    const router = renderAt(path);
    expect(await screen.findByTestId(testId)).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each(['/register', '/register/country-residence'])(
    'sends a visitor without a registration draft from %s to /signup',
    async (path) => {
      const router = renderAt(path);
      expect(await screen.findByTestId('signup-form')).toBeTruthy();
      await expectPath(router, '/signup');
    },
  );

  it('shows a 404 page with a link home for unknown paths', async () => {
    renderAt('/no/such/page');
    const page = await screen.findByTestId('not-found');
    expect(page.textContent).toContain('Page not found');
    expect(screen.getByRole('link', { name: 'Go to home page' }).getAttribute('href')).toBe('/');
  });
});
