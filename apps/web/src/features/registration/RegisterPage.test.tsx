import type { SiteSettings } from '@openbroker/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { useSettingsStore } from '@/stores/settingsStore';
import { sessionUser, siteSettings } from '@/test/fixtures';
import { deferred, httpError, networkError, ok } from '@/test/http';
import { renderRoutes, toastTexts } from '@/test/render';
import { PASSWORD_AGAIN_NOTE } from './BasicRegisterForm';
import { clearDraft, REGISTRATION_DRAFT_KEY, type RegistrationDraft, writeDraft } from './draft';
import { RegisterPage } from './RegisterPage';

const PREFILLED = 'Some fields have been pre-filled from your previous step';

/** A draft after both earlier steps. */
const DRAFT: RegistrationDraft = {
  email: 'draft@example.com',
  password: 'draft-password-1',
  country: 'united-kingdom',
  timestamp: '2025-01-02T03:04:05.000Z',
  countryOfResidence: 'germany',
  nationality: 'france',
  agreePrivacy: true,
};

function renderRegister(rPage: string | undefined = 'basic', extra: Partial<SiteSettings> = {}) {
  useSettingsStore.setState({
    settings: siteSettings(rPage === undefined ? extra : { ...extra, r_page: rPage }),
    initialized: true,
    error: null,
  });
  return renderRoutes(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/register/country-residence', element: <p>Country step</p> },
      { path: '/signup', element: <p>Signup step</p> },
      { path: '/', element: <p>Login page</p> },
    ],
    '/register',
  );
}

function input(name: string): HTMLInputElement | HTMLSelectElement | null {
  return document.querySelector(`[name="${name}"]`);
}

function type(name: string, value: string): void {
  const el = input(name);
  if (!el) throw new Error(`no field named ${name}`);
  fireEvent.change(el, { target: { value } });
}

function fillVisible(): void {
  type('first_name', 'Grace');
  type('last_name', 'Hopper');
  type('username', 'ghopper');
  type('phone', '5550100200');
}

describe('registration form (/register)', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  describe('draft redirects', () => {
    it("sends a visitor without a draft to /signup with 'Please complete the registration process first'", async () => {
      const { router } = renderRegister();
      await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
      await waitFor(() => expect(toastTexts()).toContain('Please complete the registration process first'));
    });

    it('sends a draft that skipped the country step back to it', async () => {
      writeDraft({ email: 'a@example.com', password: 'long-enough-1', country: 'germany', timestamp: 'x' });
      const { router } = renderRegister();
      await waitFor(() => expect(router.state.location.pathname).toBe('/register/country-residence'));
    });

    it('treats an unreadable draft as none', async () => {
      localStorage.setItem(REGISTRATION_DRAFT_KEY, '{not json');
      const { router } = renderRegister();
      await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    });
  });

  describe('layout by r_page', () => {
    it.each([['basic'], ['unknown-value'], [''], ['tdx']])('r_page %s shows the basic form', (rPage) => {
      writeDraft(DRAFT);
      renderRegister(rPage);
      expect(screen.getByRole('heading', { name: 'CREATE A NEW ACCOUNT' })).toBeTruthy();
      expect(screen.getByTestId('register-form')).toBeTruthy();
      expect(screen.getByTestId('register-layout').getAttribute('data-variant')).toBe('basic');
    });

    it('r_page ic shows the Live Trading Account Application', () => {
      writeDraft(DRAFT);
      renderRegister('ic');
      expect(screen.getByRole('heading', { name: 'Live Trading Account Application' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Create Your Account' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Sign in to your account' }).getAttribute('href')).toBe('/');
      expect(screen.queryByTestId('register-form')).toBeNull();
    });

    it('r_page td shows the basic form beside the benefits', () => {
      writeDraft(DRAFT);
      renderRegister('td');
      expect(screen.getByTestId('register-form')).toBeTruthy();
      const benefits = screen.getByTestId('td-benefits').textContent ?? '';
      expect(benefits).toContain('6 asset classes');
      expect(benefits).toContain('2000+ products');
    });
  });

  describe('basic form', () => {
    it('hides the fields the earlier steps supplied, with the note', () => {
      writeDraft(DRAFT);
      renderRegister();
      expect(screen.getByTestId('prefilled-note').textContent).toBe(PREFILLED);
      for (const name of ['email', 'password', 'confirm_password', 'country', 'nationality']) {
        expect(input(name), name).toBeNull();
      }
      for (const name of ['first_name', 'last_name', 'username', 'phone', 'country_code']) {
        expect(input(name), name).not.toBeNull();
      }
      expect(input('country_code')?.value).toBe('+1');
    });

    it('asks for nationality when the draft has none', () => {
      writeDraft({ ...DRAFT, nationality: undefined });
      renderRegister();
      expect(input('nationality')).not.toBeNull();
      expect(input('email')).toBeNull();
      expect(screen.getByText(PREFILLED)).toBeTruthy();
    });

    it("shows SPEC's validation messages and sends nothing", async () => {
      writeDraft(DRAFT);
      const post = vi.spyOn(api, 'post');
      renderRegister();
      type('first_name', 'G');
      type('last_name', 'H');
      type('username', 'gh');
      type('phone', '123');
      fireEvent.submit(screen.getByTestId('register-form'));
      expect(await screen.findByText('First name must be at least 2 characters')).toBeTruthy();
      expect(screen.getByText('Last name must be at least 2 characters')).toBeTruthy();
      expect(screen.getByText('Username must be at least 3 characters')).toBeTruthy();
      expect(screen.getByText('Please enter a valid phone number')).toBeTruthy();
      expect(post).not.toHaveBeenCalled();
    });

    it("checks 'Passwords do not match' when the password fields are shown", async () => {
      writeDraft({ ...DRAFT, password: '' });
      renderRegister();
      fillVisible();
      type('password', 'long-enough-1');
      type('confirm_password', 'long-enough-2');
      fireEvent.submit(screen.getByTestId('register-form'));
      expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    });

    it('sends the draft email, password, country and nationality over the form values', async () => {
      writeDraft({ ...DRAFT, nationality: undefined });
      const post = vi
        .spyOn(api, 'post')
        .mockResolvedValue(ok({ message: 'Account created', data: sessionUser() }, 201));
      renderRegister();
      fillVisible();
      // The visible nationality select is the form's; the draft has none, so the form's is sent.
      type('nationality', 'italy');
      fireEvent.change(input('country_code') as HTMLSelectElement, { target: { value: '+44' } });
      fireEvent.submit(screen.getByTestId('register-form'));
      await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
      expect(post).toHaveBeenCalledWith('/auth/register', {
        first_name: 'Grace',
        last_name: 'Hopper',
        username: 'ghopper',
        email: 'draft@example.com',
        phone: '5550100200',
        country_code: '+44',
        country: 'germany',
        nationality: 'italy',
        password: 'draft-password-1',
        confirm_password: 'draft-password-1',
        agree_privacy: true,
      });
    });

    it('after a reload (no password in memory) asks for the password again and sends the typed one', async () => {
      // What a reload leaves: SPEC's keys in localStorage, even an old draft's clear-text password,
      // which is not read back.
      clearDraft();
      const { password: _, ...stored } = DRAFT;
      localStorage.setItem(REGISTRATION_DRAFT_KEY, JSON.stringify({ ...stored, password: 'old-clear-text' }));
      const post = vi
        .spyOn(api, 'post')
        .mockResolvedValue(ok({ message: 'Account created', data: sessionUser() }, 201));
      renderRegister();
      expect(screen.getByTestId('password-again-note').textContent).toBe(PASSWORD_AGAIN_NOTE);
      expect(input('email')).toBeNull();
      fillVisible();
      type('password', 'typed-again-1');
      type('confirm_password', 'typed-again-1');
      fireEvent.submit(screen.getByTestId('register-form'));
      await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
      expect(post.mock.calls[0]?.[1]).toMatchObject({
        email: 'draft@example.com',
        password: 'typed-again-1',
        confirm_password: 'typed-again-1',
      });
    });

    it('never writes the password to localStorage', () => {
      const setItem = vi.spyOn(Storage.prototype, 'setItem');
      writeDraft(DRAFT);
      renderRegister();
      for (const [, value] of setItem.mock.calls) expect(value).not.toContain(DRAFT.password);
      expect(JSON.stringify({ ...localStorage })).not.toContain(DRAFT.password);
      expect(screen.queryByTestId('password-again-note')).toBeNull();
    });

    it("shows 'Creating account...' while submitting, then clears the draft and goes to /", async () => {
      writeDraft(DRAFT);
      const answer = deferred<ReturnType<typeof ok>>();
      vi.spyOn(api, 'post').mockReturnValue(answer.promise);
      const { router } = renderRegister();
      const button = screen.getByTestId('register-submit');
      expect(button.textContent).toBe('CREATE ACCOUNT');
      fillVisible();
      fireEvent.submit(screen.getByTestId('register-form'));
      await waitFor(() => expect(button.textContent).toBe('Creating account...'));
      expect(button.hasAttribute('disabled')).toBe(true);

      answer.resolve(ok({ message: 'Account created', data: sessionUser() }, 201));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(localStorage.getItem(REGISTRATION_DRAFT_KEY)).toBeNull();
      await waitFor(() => expect(toastTexts()).toContain('Your account has been created. Please sign in.'));
    });

    it('puts 422 field errors beside their fields and the server message on top; keeps the draft', async () => {
      writeDraft(DRAFT);
      vi.spyOn(api, 'post').mockRejectedValue(
        httpError(422, {
          message: 'This username is already taken',
          code: 'VALIDATION_FAILED',
          errors: { username: ['This username is already taken'] },
        }),
      );
      const { router } = renderRegister();
      fillVisible();
      fireEvent.submit(screen.getByTestId('register-form'));
      const alert = await screen.findByTestId('register-error');
      expect(alert.textContent).toContain('This username is already taken');
      expect(document.getElementById('register-username-error')?.textContent).toBe(
        'This username is already taken',
      );
      expect(input('username')?.getAttribute('aria-invalid')).toBe('true');
      expect(router.state.location.pathname).toBe('/register');
      expect(localStorage.getItem(REGISTRATION_DRAFT_KEY)).not.toBeNull();
    });

    it('explains an error on a pre-filled field and offers the way back', async () => {
      writeDraft(DRAFT);
      vi.spyOn(api, 'post').mockRejectedValue(
        httpError(422, {
          message: 'Email is already registered',
          code: 'VALIDATION_FAILED',
          errors: { email: ['Email is already registered'] },
        }),
      );
      renderRegister();
      fillVisible();
      fireEvent.submit(screen.getByTestId('register-form'));
      const alert = await screen.findByTestId('register-error');
      expect(alert.textContent).toContain('Email is already registered');
      expect(
        screen.getByRole('link', { name: 'Change the details from the first step' }).getAttribute('href'),
      ).toBe('/signup');
    });

    it("says 'Registration failed. Please try again.' when the server gave no message", async () => {
      writeDraft(DRAFT);
      vi.spyOn(api, 'post').mockRejectedValue(networkError());
      renderRegister();
      fillVisible();
      fireEvent.submit(screen.getByTestId('register-form'));
      expect((await screen.findByTestId('register-error')).textContent).toContain(
        'Registration failed. Please try again.',
      );
    });

    it('links to sign-in and has the promo-code link', () => {
      writeDraft(DRAFT);
      renderRegister();
      expect(screen.getByRole('link', { name: 'Already have an account? Login' }).getAttribute('href')).toBe(
        '/',
      );
      fireEvent.click(screen.getByRole('button', { name: 'I have a promo-code' }));
      expect(screen.getByText('Promo codes are not available yet.')).toBeTruthy();
    });
  });

  describe('ic form', () => {
    it('sends what the customer typed for email and password, the rest of the payload from the draft', async () => {
      writeDraft(DRAFT);
      const post = vi
        .spyOn(api, 'post')
        .mockResolvedValue(ok({ message: 'Account created', data: sessionUser() }, 201));
      renderRegister('ic');
      expect(input('email')?.value).toBe('draft@example.com');
      type('email', 'typed@example.com');
      type('password', 'typed-password-1');
      fillVisible();
      fireEvent.submit(screen.getByTestId('register-form-ic'));
      await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
      expect(post).toHaveBeenCalledWith('/auth/register', {
        first_name: 'Grace',
        last_name: 'Hopper',
        username: 'ghopper',
        email: 'typed@example.com',
        phone: '5550100200',
        country_code: '+1',
        country: 'germany',
        nationality: 'france',
        password: 'typed-password-1',
        confirm_password: 'typed-password-1',
        agree_privacy: true,
      });
    });

    it('shows the footer links from settings, plain text where unset', () => {
      writeDraft(DRAFT);
      renderRegister('ic', {
        terms_link: 'https://acme.example/terms',
        help_link: 'https://help.acme.example',
      });
      const footer = screen.getByTestId('ic-footer-links');
      expect(footer.textContent).toBe('Terms of ServicePrivacy PolicyRisk DisclosureHelp Center');
      expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
        'https://acme.example/terms',
      );
      expect(screen.getByRole('link', { name: 'Help Center' }).getAttribute('href')).toBe(
        'https://help.acme.example',
      );
      expect(screen.queryByRole('link', { name: 'Privacy Policy' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Risk Disclosure' })).toBeNull();
    });
  });
});
