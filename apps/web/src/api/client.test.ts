import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '@/lib/navigation';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { API_TIMEOUT_MS, api } from './client';
import { apiErrorMessage } from './errors';

const USER = sessionUser({ id: 7 });

/** An axios adapter that answers every request with `status` and `data`, as the network would. */
function answerWith(status: number, data: unknown) {
  return async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const response: AxiosResponse = { status, statusText: '', headers: {}, config, data };
    if (status >= 400) {
      throw new AxiosError(`HTTP ${status}`, 'ERR_BAD_REQUEST', config, null, response);
    }
    return response;
  };
}

describe('api client', () => {
  const navigate = vi.fn();

  beforeEach(() => {
    useSessionStore.setState({ user: USER, selectedAccountIndex: 2 });
    setNavigator(navigate);
  });
  afterEach(() => {
    setNavigator(null);
    navigate.mockReset();
    window.history.replaceState(null, '', '/');
  });

  it('sends cookies, JSON and a 15 s timeout, and never an Authorization header', async () => {
    let seen: InternalAxiosRequestConfig | undefined;
    await api.get('/settings', {
      adapter: async (config) => {
        seen = config;
        return answerWith(200, { data: {} })(config);
      },
    });
    expect(seen?.withCredentials).toBe(true);
    expect(seen?.timeout).toBe(API_TIMEOUT_MS);
    expect(API_TIMEOUT_MS).toBe(15000);
    expect(seen?.baseURL).toBe(`${window.location.origin}/api/v1`);
    expect(seen?.headers.Authorization).toBeUndefined();
  });

  it('ends the session and returns to / on a 401 from a protected page', async () => {
    window.history.replaceState(null, '', '/main/dashboard');
    const call = api.get('/user', { adapter: answerWith(401, { message: 'Unauthenticated' }) });
    await expect(call).rejects.toBeInstanceOf(AxiosError);
    expect(useSessionStore.getState().user).toBeNull();
    expect(useSessionStore.getState().selectedAccountIndex).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('keeps the session on a 401 from the sign-in page (wrong password)', async () => {
    window.history.replaceState(null, '', '/login');
    const call = api.post(
      '/auth/login',
      {},
      { adapter: answerWith(401, { message: 'Invalid credentials' }) },
    );
    await expect(call).rejects.toBeInstanceOf(AxiosError);
    expect(useSessionStore.getState().user).toEqual(USER);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('apiErrorMessage', () => {
  it("returns the server's message", async () => {
    const error = await api
      .get('/x', { adapter: answerWith(422, { message: 'Email is already registered', code: 'CONFLICT' }) })
      .catch((e: unknown) => e);
    expect(apiErrorMessage(error, 'fallback')).toBe('Email is already registered');
  });

  it('falls back when the body has no usable message or there was no answer', () => {
    expect(apiErrorMessage(new AxiosError('Network Error', 'ERR_NETWORK'), 'Try later')).toBe('Try later');
    expect(apiErrorMessage(new Error('boom'), 'Try later')).toBe('Try later');
    expect(apiErrorMessage('nope', 'Try later')).toBe('Try later');
  });

  it('ignores an empty message', async () => {
    const error = await api
      .get('/x', { adapter: answerWith(500, { message: '  ', code: 'INTERNAL' }) })
      .catch((e: unknown) => e);
    expect(apiErrorMessage(error, 'fallback')).toBe('fallback');
  });
});
