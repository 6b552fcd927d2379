import type { FinancialProfileStatus, User } from '@openbroker/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { appRoutes } from '@/app/routes';
import { useSessionStore } from '@/stores/sessionStore';
import { useSettingsStore } from '@/stores/settingsStore';
import { sessionUser, siteSettings } from '@/test/fixtures';
import { ok } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { APPROVAL_WAITS_NOTE, PENDING_UPLOAD_NOTE } from './IdCheckPage';

const AWAITING_TEXT = 'Your account is awaiting approval from the Client Management Team';

/** The server: `/user` answers the user, `/profile/financial` the onboarding state. */
function server(user: User, status: Partial<FinancialProfileStatus> = {}) {
  const profile: FinancialProfileStatus = {
    profile: null,
    completed: false,
    approval_requires_verification: false,
    ...status,
  };
  return vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url === '/profile/financial') return ok({ data: profile });
    return ok({ data: user });
  });
}

describe('onboarding after the account exists', () => {
  beforeEach(() => {
    useSessionStore.setState(useSessionStore.getInitialState(), true);
    useSettingsStore.setState({
      settings: siteSettings(),
      initialized: true,
      error: null,
      isLoading: false,
      fetchSettings: vi.fn(async () => {}),
    });
  });

  it('a customer without a financial profile is taken to step 2 after signing in', async () => {
    const pending = sessionUser({ status: 'pending' });
    vi.spyOn(api, 'post').mockResolvedValue(ok({ data: { user: pending, token: 'ignored' } }));
    server(pending);
    const { router } = renderRoutes(appRoutes, '/');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.submit(screen.getByTestId('login-form'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/profile'));
    // The pending gate lets the onboarding pages through.
    expect(await screen.findByTestId('financial-profile-form')).toBeTruthy();
    expect(screen.queryByTestId('awaiting-approval')).toBeNull();
    // The first test loads the lazy route chunks.
  }, 20_000);

  it('a customer who answered it lands as before', async () => {
    const active = sessionUser();
    vi.spyOn(api, 'post').mockResolvedValue(ok({ data: { user: active, token: 'ignored' } }));
    server(active, { completed: true });
    const { router } = renderRoutes(appRoutes, '/');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.submit(screen.getByTestId('login-form'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/dashboard'));
  });

  it('awaiting approval keeps SPEC’s text and offers to finish the profile', async () => {
    useSessionStore.setState({ user: sessionUser({ status: 'pending' }) });
    server(sessionUser({ status: 'pending' }), { approval_requires_verification: true });
    const { router } = renderRoutes(appRoutes, '/main/dashboard');
    const view = await screen.findByTestId('awaiting-approval');
    expect(view.textContent).toContain(AWAITING_TEXT);
    const hint = await screen.findByTestId('awaiting-approval-hint');
    expect(hint.textContent).toContain('Approval waits for your financial profile and ID check.');
    fireEvent.click(screen.getByRole('link', { name: 'Finish your financial profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/profile'));
    expect(await screen.findByTestId('financial-profile-form')).toBeTruthy();
  });

  it('step 3 tells a pending customer what happens next instead of a dead upload link', async () => {
    useSessionStore.setState({ user: sessionUser({ status: 'pending' }) });
    server(sessionUser({ status: 'pending' }), { completed: true });
    renderRoutes(appRoutes, '/onboarding/id-check');
    const next = await screen.findByTestId('id-check-next');
    expect(next.textContent).toContain(PENDING_UPLOAD_NOTE);
    expect(screen.queryByTestId('go-to-verification')).toBeNull();
    const bar = screen.getByRole('list', { name: 'Registration progress' });
    const steps = [...bar.querySelectorAll('li')].map((li) => li.getAttribute('data-state'));
    expect(steps).toEqual(['done', 'done', 'active']);
  });

  it('when approval waits for verification, a pending customer is led into Verification and may open it', async () => {
    useSessionStore.setState({ user: sessionUser({ status: 'pending' }) });
    server(sessionUser({ status: 'pending' }), { completed: true, approval_requires_verification: true });
    const { router } = renderRoutes(appRoutes, '/onboarding/id-check');
    expect((await screen.findByTestId('id-check-next')).textContent).toBe(APPROVAL_WAITS_NOTE);
    fireEvent.click(screen.getByTestId('go-to-verification'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/verification'));
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByTestId('awaiting-approval')).toBeNull();
  });

  it('otherwise Verification stays behind Awaiting Approval for a pending customer', async () => {
    useSessionStore.setState({ user: sessionUser({ status: 'pending' }) });
    server(sessionUser({ status: 'pending' }), { completed: true });
    renderRoutes(appRoutes, '/main/verification');
    expect(await screen.findByTestId('awaiting-approval')).toBeTruthy();
  });

  it('step 3 leads an approved customer into Verification', async () => {
    useSessionStore.setState({ user: sessionUser() });
    server(sessionUser(), { completed: true });
    renderRoutes(appRoutes, '/onboarding/id-check');
    const go = await screen.findByTestId('go-to-verification');
    expect(go.getAttribute('href')).toBe('/main/verification');
    expect(screen.getByTestId('continue-later').textContent).toBe('Continue later');
  });

  it('a deactivated customer is still blocked on the onboarding pages', async () => {
    useSessionStore.setState({ user: sessionUser({ status: 'deactivated' }) });
    server(sessionUser({ status: 'deactivated' }));
    renderRoutes(appRoutes, '/onboarding/profile');
    expect(
      await screen.findByText('Your account is currently disabled, please contact support.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('financial-profile-form')).toBeNull();
  });
});
