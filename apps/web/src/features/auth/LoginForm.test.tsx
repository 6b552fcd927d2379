import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { createQueryClient, Providers } from '@/app/Providers';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { LOGIN_FAILED_FALLBACK, LoginForm } from './LoginForm';

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LoginForm /> },
      { path: '/main/dashboard', element: <p>Dashboard reached</p> },
      { path: '/admin', element: <p>Back office reached</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

function fill(email: string, password: string): void {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.submit(screen.getByTestId('login-form'));
}

function ok<T>(data: T): AxiosResponse<T> {
  return { data, status: 200, statusText: 'OK', headers: {}, config: { headers: new AxiosHeaders() } };
}

describe('LoginForm', () => {
  beforeEach(() => {
    useSessionStore.setState(useSessionStore.getInitialState(), true);
  });

  it("shows SPEC's validation messages and sends nothing", async () => {
    const post = vi.spyOn(api, 'post');
    renderForm();
    fill('not-an-email', '');
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Required')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('posts the credentials, stores the user and opens the dashboard', async () => {
    const user = sessionUser({ first_name: 'Grace' });
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ data: { user } }));
    const router = renderForm();
    fill('  Grace@Example.com ', 'correct horse');
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/dashboard'));
    expect(post).toHaveBeenCalledWith('/auth/login', {
      email: 'grace@example.com',
      password: 'correct horse',
    });
    expect(useSessionStore.getState().user).toEqual(user);
    // The cookie carries the session; nothing token-like may reach storage.
    expect(localStorage.getItem('user-storage')).not.toMatch(/token/i);
  });

  it('opens the back office for a staff member', async () => {
    const user = sessionUser({ role: 'staff', staff_roles: ['support'], permissions: ['clients.read'] });
    vi.spyOn(api, 'post').mockResolvedValue(ok({ data: { user } }));
    const router = renderForm();
    fill('staff@example.com', 'correct horse');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it("shows the server's message in a destructive alert when sign-in fails", async () => {
    const config = { headers: new AxiosHeaders() };
    vi.spyOn(api, 'post').mockRejectedValue(
      new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, {
        status: 401,
        statusText: '',
        headers: {},
        config,
        data: { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' },
      }),
    );
    renderForm();
    fill('ada@example.com', 'wrong-password');
    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('data-variant')).toBe('destructive');
    expect(alert.textContent).toContain('Invalid email or password');
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('shows the throttling message on 429', async () => {
    const config = { headers: new AxiosHeaders() };
    const message = 'Too many sign-in attempts. Please try again in 15 minutes.';
    vi.spyOn(api, 'post').mockRejectedValue(
      new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, {
        status: 429,
        statusText: '',
        headers: {},
        config,
        data: { message, code: 'RATE_LIMITED' },
      }),
    );
    renderForm();
    fill('ada@example.com', 'whatever1');
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });

  it('falls back to a generic message when the server gave none', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(new AxiosError('Network Error', 'ERR_NETWORK'));
    renderForm();
    fill('ada@example.com', 'whatever1');
    expect(await screen.findByText(LOGIN_FAILED_FALLBACK)).toBeTruthy();
  });

  it('toggles password visibility', () => {
    renderForm();
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it('links to password help and sign-up', () => {
    renderForm();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/signup');
  });
});
