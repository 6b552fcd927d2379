import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { useSettingsStore } from '@/stores/settingsStore';
import { siteSettings } from '@/test/fixtures';
import { deferred, httpError, ok } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { ForgotPasswordPage } from './ForgotPasswordPage';

const TOKEN = 'a'.repeat(43);
const SENT = 'If an account exists for that email, a reset link is on its way.';

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/', element: <p>Login page</p> },
    ],
    path,
  );
}

describe('/forgot-password', () => {
  beforeEach(() => {
    useSettingsStore.setState({ settings: siteSettings(), initialized: true, error: null });
  });

  describe('without a token: request a link', () => {
    it('validates the email with SPEC words and sends nothing', async () => {
      const post = vi.spyOn(api, 'post');
      renderAt('/forgot-password');
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nope' } });
      fireEvent.submit(screen.getByTestId('forgot-form'));
      expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
      expect(post).not.toHaveBeenCalled();
      expect(screen.queryByTestId('reset-form')).toBeNull();
    });

    it("posts the email and shows the server's message", async () => {
      const answer = deferred<ReturnType<typeof ok>>();
      const post = vi.spyOn(api, 'post').mockReturnValue(answer.promise);
      renderAt('/forgot-password');
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Ada@Example.com' } });
      fireEvent.submit(screen.getByTestId('forgot-form'));
      await waitFor(() =>
        expect(screen.getByRole('button', { name: /Sending/ }).hasAttribute('disabled')).toBe(true),
      );
      answer.resolve(ok({ message: SENT }));
      expect((await screen.findByTestId('forgot-sent')).textContent).toBe(SENT);
      expect(post).toHaveBeenCalledWith('/auth/forgot-password', { email: 'ada@example.com' });
      expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/');
    });

    it('shows a 429 message', async () => {
      vi.spyOn(api, 'post').mockRejectedValue(
        httpError(429, { message: 'Too many password reset attempts. Please try again in 15 minutes.' }),
      );
      renderAt('/forgot-password');
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
      fireEvent.submit(screen.getByTestId('forgot-form'));
      expect(
        await screen.findByText('Too many password reset attempts. Please try again in 15 minutes.'),
      ).toBeTruthy();
    });
  });

  describe('with ?token=: set a new password', () => {
    it('shows the reset form and checks the passwords match', async () => {
      const post = vi.spyOn(api, 'post');
      renderAt(`/forgot-password?token=${TOKEN}`);
      expect(screen.queryByTestId('forgot-form')).toBeNull();
      fireEvent.change(document.querySelector('[name="password"]') as Element, {
        target: { value: 'new-pass-123' },
      });
      fireEvent.change(document.querySelector('[name="confirm_password"]') as Element, {
        target: { value: 'new-pass-124' },
      });
      fireEvent.submit(screen.getByTestId('reset-form'));
      expect(await screen.findByText('Passwords do not match')).toBeTruthy();
      expect(post).not.toHaveBeenCalled();
    });

    it('posts token and passwords, then shows the message and a way to sign in', async () => {
      const done = 'Your password has been changed. Please sign in with your new password.';
      const post = vi.spyOn(api, 'post').mockResolvedValue(ok({ message: done }));
      renderAt(`/forgot-password?token=${TOKEN}`);
      fireEvent.change(document.querySelector('[name="password"]') as Element, {
        target: { value: 'new-pass-123' },
      });
      fireEvent.change(document.querySelector('[name="confirm_password"]') as Element, {
        target: { value: 'new-pass-123' },
      });
      fireEvent.submit(screen.getByTestId('reset-form'));
      expect((await screen.findByTestId('reset-done')).textContent).toBe(done);
      expect(post).toHaveBeenCalledWith('/auth/reset-password', {
        token: TOKEN,
        password: 'new-pass-123',
        confirm_password: 'new-pass-123',
      });
      expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/');
    });

    it('shows the invalid-link message with a way to ask again', async () => {
      const invalid = 'This reset link is invalid or has expired. Please request a new one.';
      vi.spyOn(api, 'post').mockRejectedValue(httpError(400, { message: invalid, code: 'BAD_REQUEST' }));
      const { router } = renderAt(`/forgot-password?token=${TOKEN}`);
      fireEvent.change(document.querySelector('[name="password"]') as Element, {
        target: { value: 'new-pass-123' },
      });
      fireEvent.change(document.querySelector('[name="confirm_password"]') as Element, {
        target: { value: 'new-pass-123' },
      });
      fireEvent.submit(screen.getByTestId('reset-form'));
      expect(await screen.findByText(invalid)).toBeTruthy();
      fireEvent.click(screen.getByRole('link', { name: 'Request a new link' }));
      expect(await screen.findByTestId('forgot-form')).toBeTruthy();
      expect(router.state.location.search).toBe('');
    });
  });
});
