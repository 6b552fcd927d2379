import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { createQueryClient, Providers } from '@/app/Providers';
import { appRoutes } from '@/app/routes';
import { useSessionStore } from '@/stores/sessionStore';
import { useSettingsStore } from '@/stores/settingsStore';
import { sessionUser, siteSettings } from '@/test/fixtures';
import { ok } from '@/test/http';
import { landingPathFor } from './landing';

const staff = sessionUser({ role: 'staff', staff_roles: ['support'], permissions: ['clients.read'] });

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('who lands where', () => {
  beforeEach(() => {
    useSessionStore.setState(useSessionStore.getInitialState(), true);
    useSettingsStore.setState({
      settings: siteSettings(),
      initialized: true,
      error: null,
      isLoading: false,
      fetchSettings: vi.fn(async () => {}),
    });
    // The session bootstrap refreshes the user; the back office's own calls are not under test here.
    vi.spyOn(api, 'get').mockImplementation(async (url: string) =>
      url === '/user' ? ok({ data: useSessionStore.getState().user }) : Promise.reject(new Error(url)),
    );
  });

  it('sends staff to the back office and customers to their dashboard after sign-in', () => {
    expect(landingPathFor(staff)).toBe('/admin');
    expect(landingPathFor(sessionUser())).toBe('/main/dashboard');
    expect(landingPathFor(null)).toBe('/main/dashboard');
  });

  it.each(['/main/dashboard', '/main/accounts', '/trading', '/mt4', '/signup'])(
    'sends a staff member from %s to /admin',
    async (path) => {
      useSessionStore.setState({ user: staff });
      const router = renderAt(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    },
  );

  it.each(['/admin', '/admin/staff', '/admin/chat'])(
    'sends a customer from %s to /main/dashboard',
    async (path) => {
      useSessionStore.setState({ user: sessionUser() });
      const router = renderAt(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/main/dashboard'));
    },
  );
});
