import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { createQueryClient, Providers } from '@/app/Providers';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { LoginForm } from './LoginForm';

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LoginForm /> },
      { path: '/main/dashboard', element: <p>Dashboard reached</p> },
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

function ok<T>(data: T): AxiosResponse<T> {
  return { data, status: 200, statusText: 'OK', headers: {}, config: { headers: new AxiosHeaders() } };
}

function signIn(): void {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
  fireEvent.submit(screen.getByTestId('login-form'));
}

describe('the two-factor sign-in step', () => {
  beforeEach(() => useSessionStore.setState(useSessionStore.getInitialState(), true));
  afterEach(() => vi.restoreAllMocks());

  it('asks for the code when the server says two_factor_required, then signs in', async () => {
    const user = sessionUser({ first_name: 'Ada' });
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValueOnce(ok({ data: { two_factor_required: true, challenge: 'chal.lenge' } }))
      .mockResolvedValueOnce(ok({ data: { user } }));
    const router = renderForm();
    signIn();
    const code = await screen.findByLabelText('Authentication code');
    expect(useSessionStore.getState().user).toBeNull();

    fireEvent.change(code, { target: { value: '12345' } });
    fireEvent.submit(screen.getByTestId('two-factor-form'));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(post).toHaveBeenCalledTimes(1);

    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.submit(screen.getByTestId('two-factor-form'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/dashboard'));
    expect(post).toHaveBeenLastCalledWith(
      '/auth/login/2fa',
      { code: '123456', challenge: 'chal.lenge' },
      { keepSessionOn401: true },
    );
    expect(useSessionStore.getState().user).toEqual(user);
  });

  it("takes a recovery code instead, and shows the server's refusal beside the field", async () => {
    const config = { headers: new AxiosHeaders() };
    const refusal = 'That recovery code is not valid or has already been used.';
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValueOnce(ok({ data: { two_factor_required: true, challenge: 'c.d' } }))
      .mockRejectedValueOnce(
        new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, {
          status: 422,
          statusText: '',
          headers: {},
          config,
          data: { message: refusal, code: 'VALIDATION_FAILED', errors: { recovery_code: [refusal] } },
        }),
      );
    renderForm();
    signIn();
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'ABCDE-23456' } });
    fireEvent.submit(screen.getByTestId('two-factor-form'));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(post).toHaveBeenLastCalledWith(
      '/auth/login/2fa',
      { recovery_code: 'abcde-23456', challenge: 'c.d' },
      { keepSessionOn401: true },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByTestId('login-form')).toBeTruthy();
  });
});
