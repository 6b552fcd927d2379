import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { createUnauthorizedHandler, shouldEndSessionOn401 } from './unauthorized';

function httpError(status: number, keepSessionOn401?: boolean): AxiosError {
  const config = { headers: new AxiosHeaders(), keepSessionOn401 };
  return new AxiosError(`HTTP ${status}`, 'ERR_BAD_REQUEST', config, null, {
    status,
    statusText: '',
    headers: {},
    config,
    data: { message: 'Unauthenticated', code: 'UNAUTHENTICATED' },
  });
}

describe('shouldEndSessionOn401 (SPEC §8)', () => {
  it.each(['/', '/login', '/register', '/forgot-password', '/login/', '/register/'])(
    'keeps the session on the public page %s',
    (path) => {
      expect(shouldEndSessionOn401(path)).toBe(false);
    },
  );

  it.each([
    '/main/dashboard',
    '/main',
    '/mt4',
    '/trading',
    '/admin/chat',
    '/signup',
    '/register/country-residence',
    '/auto-login',
    '/loginx',
  ])('ends the session on %s', (path) => {
    expect(shouldEndSessionOn401(path)).toBe(true);
  });
});

describe('createUnauthorizedHandler', () => {
  function setup(pathname: string) {
    const deps = { currentPathname: () => pathname, clearSession: vi.fn(), navigate: vi.fn() };
    return { deps, handle: createUnauthorizedHandler(deps) };
  }

  it('clears the session and goes to / on a 401 outside the public pages, still rejecting', async () => {
    const { deps, handle } = setup('/main/accounts');
    const error = httpError(401);
    await expect(handle(error)).rejects.toBe(error);
    expect(deps.clearSession).toHaveBeenCalledTimes(1);
    expect(deps.navigate).toHaveBeenCalledWith('/');
  });

  it('leaves a 401 on the sign-in page alone', async () => {
    const { deps, handle } = setup('/');
    await expect(handle(httpError(401))).rejects.toBeInstanceOf(AxiosError);
    expect(deps.clearSession).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('leaves a 401 alone when the call opted out (a spent sign-in link is an answer)', async () => {
    const { deps, handle } = setup('/auto-login');
    await expect(handle(httpError(401, true))).rejects.toBeInstanceOf(AxiosError);
    expect(deps.clearSession).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it.each([400, 403, 404, 422, 500])('ignores HTTP %i', async (status) => {
    const { deps, handle } = setup('/main/dashboard');
    await expect(handle(httpError(status))).rejects.toBeInstanceOf(AxiosError);
    expect(deps.clearSession).not.toHaveBeenCalled();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('ignores errors without a response (network failure, timeout)', async () => {
    const { deps, handle } = setup('/main/dashboard');
    await expect(handle(new AxiosError('timeout', 'ECONNABORTED'))).rejects.toBeInstanceOf(AxiosError);
    expect(deps.clearSession).not.toHaveBeenCalled();
  });
});
