import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { useSettingsStore } from '@/stores/settingsStore';
import { siteSettings } from '@/test/fixtures';
import { httpError, ok } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { UNLOCK_FAILED, UnlockPage } from './UnlockPage';

const TOKEN = 'u'.repeat(43);
const UNLOCKED = 'Your account is unlocked. You can sign in again now.';

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/unlock', element: <UnlockPage /> },
      { path: '/', element: <p>Login page</p> },
    ],
    path,
  );

describe('/unlock', () => {
  beforeEach(() => {
    useSettingsStore.setState({ settings: siteSettings(), initialized: true, error: null });
  });

  it('unlocks only when asked, once, and says so with a way to sign in', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ message: UNLOCKED }));
    renderAt(`/unlock?token=${TOKEN}`);
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Unlock my account' }));
    expect(await screen.findByText(UNLOCKED)).toBeTruthy();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/auth/unlock', { token: TOKEN });
    expect(screen.queryByRole('button', { name: 'Unlock my account' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/');
  });

  it("shows the server's words when the link is spent", async () => {
    const spent = 'This unlock link is invalid, already used or has expired.';
    vi.spyOn(api, 'post').mockRejectedValue(httpError(400, { message: spent, code: 'BAD_REQUEST' }));
    renderAt(`/unlock?token=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Unlock my account' }));
    await waitFor(() => expect(screen.getByText(spent)).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Unlock my account' })).toBeNull();
  });

  it('does not offer to unlock without a usable token', async () => {
    const post = vi.spyOn(api, 'post');
    renderAt('/unlock');
    expect(await screen.findByText(UNLOCK_FAILED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unlock my account' })).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });
});
