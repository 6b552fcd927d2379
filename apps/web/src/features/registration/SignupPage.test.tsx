import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { useSettingsStore } from '@/stores/settingsStore';
import { siteSettings } from '@/test/fixtures';
import { deferred, httpError, networkError, ok } from '@/test/http';
import { renderRoutes, toastTexts } from '@/test/render';
import { REGISTRATION_DRAFT_KEY, readDraft } from './draft';
import { SignupPage } from './SignupPage';

const RISK =
  'Trading CFDs carries a high level of risk to your capital, and you should only trade with money you can afford to lose.';

function renderSignup() {
  return renderRoutes(
    [
      { path: '/signup', element: <SignupPage /> },
      { path: '/register/country-residence', element: <p>Country step</p> },
    ],
    '/signup',
  );
}

function submit(email = 'new@example.com', password = 'long-enough-1'): void {
  fireEvent.change(screen.getByTestId('signup-email'), { target: { value: email } });
  fireEvent.change(screen.getByTestId('signup-password'), { target: { value: password } });
  fireEvent.submit(screen.getByTestId('signup-form'));
}

function storedDraft(): unknown {
  const raw = localStorage.getItem(REGISTRATION_DRAFT_KEY);
  return raw ? JSON.parse(raw) : null;
}

describe('sign-up start (/signup)', () => {
  beforeEach(() => {
    useSettingsStore.setState({ settings: siteSettings(), initialized: true, error: null });
  });

  describe('screen', () => {
    it('shows the risk banner, dismissible only below 768 px', () => {
      renderSignup();
      const banner = screen.getByTestId('risk-banner');
      expect(banner.textContent).toBe(RISK);
      const close = screen.getByRole('button', { name: 'Dismiss risk warning' });
      expect(close.className).toContain('md:hidden');
      fireEvent.click(close);
      // Hidden on phones, still shown from the md breakpoint up.
      expect(banner.className).toMatch(/(^|\s)hidden(\s|$)/);
      expect(banner.className).toContain('md:block');
    });

    it('links the logo to the website from settings, else the site name to /', () => {
      const { unmount } = renderSignup();
      const home = screen.getByRole('link', { name: 'Acme Markets, home' });
      expect(home.getAttribute('href')).toBe('/');
      expect(home.textContent).toContain('Acme Markets');
      unmount();

      useSettingsStore.setState({
        settings: siteSettings({
          website_url: 'https://acme.example',
          logo: 'https://acme.example/logo.svg',
        }),
      });
      renderSignup();
      const site = screen.getByRole('link', { name: 'Acme Markets website' });
      expect(site.getAttribute('href')).toBe('https://acme.example');
      expect(site.querySelector('img')?.getAttribute('src')).toBe('https://acme.example/logo.svg');
    });

    it('shows the EN language indicator', () => {
      renderSignup();
      expect(screen.getByTestId('language-indicator').textContent).toContain('EN');
    });

    it.each(['Google', 'Apple', 'LinkedIn'])('shows %s sign-up as unavailable, saying why', (provider) => {
      renderSignup();
      const button = within(screen.getByTestId('social-signup')).getByRole('button', { name: provider });
      expect(button.getAttribute('aria-disabled')).toBe('true');
      const noteId = button.getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(noteId)?.textContent).toBe(
        `Sign-up with ${provider} is not configured.`,
      );
      const post = vi.spyOn(api, 'post');
      fireEvent.click(button);
      expect(post).not.toHaveBeenCalled();
    });

    it('has the OR divider, the login links for desktop and mobile and the review badge', () => {
      renderSignup();
      expect(screen.getByText('OR')).toBeTruthy();
      expect(screen.getByTestId('signup-login-link').getAttribute('href')).toBe('/');
      expect(screen.getByTestId('signup-login-link').className).toContain('md:inline');
      expect(screen.getByTestId('signup-login-link-mobile').getAttribute('href')).toBe('/?type=basic');
      expect(screen.getByTestId('signup-login-link-mobile').className).toContain('md:hidden');
      const badge = screen.getByTestId('review-badge');
      expect(badge.textContent).toContain('1,196');
      expect(badge.querySelectorAll('svg')).toHaveLength(5);
    });

    it('toggles the password visibility', () => {
      renderSignup();
      const password = screen.getByTestId('signup-password');
      expect(password.getAttribute('type')).toBe('password');
      fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
      expect(password.getAttribute('type')).toBe('text');
    });
  });

  describe('submitting', () => {
    it("validates with SPEC's messages and sends nothing", async () => {
      const post = vi.spyOn(api, 'post');
      renderSignup();
      submit('not-an-email', 'short');
      expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
      expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
      expect(post).not.toHaveBeenCalled();
    });

    it('disables the button with "Checking email availability..." while checking', async () => {
      const answer = deferred<ReturnType<typeof ok>>();
      vi.spyOn(api, 'post').mockReturnValue(answer.promise);
      renderSignup();
      const button = screen.getByTestId('signup-submit');
      expect(button.textContent).toBe('Sign up now');
      submit();
      await waitFor(() => expect(button.textContent).toBe('Checking email availability...'));
      expect(button.hasAttribute('disabled')).toBe(true);
      answer.resolve(
        ok({
          success: false,
          message: 'Email is already registered',
          data: { available: false, country: 'US' },
        }),
      );
      await waitFor(() => expect(button.textContent).toBe('Sign up now'));
      expect(button.hasAttribute('disabled')).toBe(false);
    });

    it('on an available email: toast, draft stored, on to the country step', async () => {
      const post = vi.spyOn(api, 'post').mockResolvedValue(
        ok({
          success: true,
          message: 'Email verified successfully! Please continue with registration.',
          data: { available: true, country: 'GB' },
        }),
      );
      const { router } = renderSignup();
      submit('  New@Example.com ', 'long-enough-1');
      await waitFor(() => expect(router.state.location.pathname).toBe('/register/country-residence'));
      expect(post).toHaveBeenCalledWith('/auth/check-email', { email: 'new@example.com' });
      const draft = storedDraft() as Record<string, unknown>;
      // SPEC's keys stay in localStorage; the password is kept in memory for the flow only.
      expect(draft).toEqual({
        email: 'new@example.com',
        country: 'united-kingdom',
        timestamp: expect.any(String),
      });
      expect(localStorage.getItem(REGISTRATION_DRAFT_KEY)).not.toContain('long-enough-1');
      expect(readDraft()?.password).toBe('long-enough-1');
      expect(new Date(String(draft.timestamp)).toISOString()).toBe(draft.timestamp);
      await waitFor(() =>
        expect(toastTexts()).toContain('Email verified successfully! Please continue with registration.'),
      );
    });

    it("falls back to the 'united_states' slug for an unknown country code", async () => {
      vi.spyOn(api, 'post').mockResolvedValue(
        ok({ success: true, message: '', data: { available: true, country: 'ZZ' } }),
      );
      const { router } = renderSignup();
      submit();
      await waitFor(() => expect(router.state.location.pathname).toBe('/register/country-residence'));
      expect(storedDraft()).toMatchObject({ country: 'united_states' });
    });

    it("shows the server's words for a taken email, and stays", async () => {
      vi.spyOn(api, 'post').mockResolvedValue(
        ok({
          success: false,
          message: 'Email is already registered',
          data: { available: false, country: 'US' },
        }),
      );
      const { router } = renderSignup();
      submit();
      expect(await screen.findByText('Email is already registered')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/signup');
      expect(storedDraft()).toBeNull();
    });

    it("says 'Email is already registered' when an unavailable answer has no message", async () => {
      vi.spyOn(api, 'post').mockResolvedValue(ok({ success: true, message: '', data: { available: false } }));
      renderSignup();
      submit();
      expect(await screen.findByText('Email is already registered')).toBeTruthy();
      expect(storedDraft()).toBeNull();
    });

    it("shows the server's message when the check fails", async () => {
      vi.spyOn(api, 'post').mockRejectedValue(
        httpError(429, { message: 'Too many attempts. Please try again later.', code: 'RATE_LIMITED' }),
      );
      renderSignup();
      submit();
      expect(await screen.findByText('Too many attempts. Please try again later.')).toBeTruthy();
    });

    it("says 'Failed to check email availability' when the server gave no message", async () => {
      vi.spyOn(api, 'post').mockRejectedValue(networkError());
      renderSignup();
      submit();
      expect(await screen.findByText('Failed to check email availability')).toBeTruthy();
    });

    it("says 'An error occurred. Please try again.' on any other failure", async () => {
      vi.spyOn(api, 'post').mockResolvedValue(ok('<html>not json</html>'));
      renderSignup();
      submit();
      expect(await screen.findByText('An error occurred. Please try again.')).toBeTruthy();
      expect(storedDraft()).toBeNull();
    });
  });
});
