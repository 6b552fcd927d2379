import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SettingsState, useSettingsStore } from '@/stores/settingsStore';
import { siteSettings } from '@/test/fixtures';
import { SiteGate } from './SiteGate';

const UNREACHABLE =
  "We're having trouble connecting to the server. This could be due to network issues or the server might be undergoing maintenance.";

let fetchSettings: ReturnType<typeof vi.fn<() => Promise<void>>>;

function given(state: Partial<SettingsState>): void {
  useSettingsStore.setState({ ...state, fetchSettings });
}

function renderGate() {
  return render(
    <SiteGate>
      <p data-testid="app">The app</p>
    </SiteGate>,
  );
}

describe('SiteGate', () => {
  beforeEach(() => {
    fetchSettings = vi.fn(async () => {});
    useSettingsStore.setState(useSettingsStore.getInitialState(), true);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fetches settings when it mounts', () => {
    given({});
    renderGate();
    expect(fetchSettings).toHaveBeenCalledTimes(1);
  });

  it('shows the loading screen with the default name while nothing is initialized', () => {
    given({ isLoading: true });
    renderGate();
    expect(screen.getByTestId('loading-screen')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('OpenBroker');
    expect(screen.getByText('Loading market data...')).toBeTruthy();
    expect(screen.queryByTestId('app')).toBeNull();
  });

  it('shows Site Unreachable with SPEC text when the fetch failed, and Try Again re-fetches', () => {
    given({ initialized: true, error: 'Failed to fetch site settings. The site might be unreachable.' });
    renderGate();
    const view = screen.getByTestId('site-unreachable');
    expect(view.querySelector('p')?.textContent).toBe(UNREACHABLE);
    expect(screen.queryByTestId('app')).toBeNull();
    fetchSettings.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(fetchSettings).toHaveBeenCalledTimes(1);
  });

  it('shows Site Unreachable when the fetch finished without settings', () => {
    given({ initialized: true, settings: null, error: null, isLoading: false });
    renderGate();
    expect(screen.getByTestId('site-unreachable')).toBeTruthy();
  });

  it('shows the maintenance message of a disabled site, and Check Status re-fetches', () => {
    given({
      initialized: true,
      settings: siteSettings({
        status: 'disabled',
        maintenanceMessage: 'Upgrading servers until 14:00 UTC.',
      }),
    });
    renderGate();
    const view = screen.getByTestId('site-disabled');
    expect(screen.getByText('Upgrading servers until 14:00 UTC.')).toBeTruthy();
    expect(view.textContent).not.toContain('This site is currently unavailable.');
    expect(screen.queryByTestId('site-disabled-contact')).toBeNull();
    expect(view.querySelector('a[href^="mailto:"]')).toBeNull();
    fetchSettings.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Check Status' }));
    expect(fetchSettings).toHaveBeenCalledTimes(1);
  });

  it('uses the default message and offers the contact e-mail as a mailto link', () => {
    given({
      initialized: true,
      settings: siteSettings({
        status: 'disabled',
        maintenanceMessage: null,
        contactEmail: 'help@acme.test',
      }),
    });
    renderGate();
    expect(screen.getByText('This site is currently unavailable. Please check back later.')).toBeTruthy();
    const contact = screen.getByTestId('site-disabled-contact');
    expect(contact.textContent).toBe('If you need immediate assistance, please contact us at help@acme.test');
    expect(contact.querySelector('a')?.getAttribute('href')).toBe('mailto:help@acme.test');
  });

  it('shows the app only after settings arrive and the loading bar completes', () => {
    vi.useFakeTimers();
    given({ isLoading: true });
    renderGate();
    act(() => {
      given({ initialized: true, isLoading: false, settings: siteSettings() });
    });
    // Settings are in, but the bar is still running.
    expect(screen.getByTestId('loading-screen')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Acme Markets');
    act(() => {
      vi.advanceTimersByTime(30 * 99);
    });
    expect(screen.queryByTestId('app')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(30);
    });
    expect(screen.getByTestId('app')).toBeTruthy();
    expect(screen.queryByTestId('loading-screen')).toBeNull();
  });

  it('goes straight to the app for a returning visitor with good cached settings', () => {
    given({ initialized: true, settings: siteSettings(), lastFetched: Date.now() });
    renderGate();
    expect(screen.getByTestId('app')).toBeTruthy();
  });

  it('puts Site Unreachable in front of the app if a refresh fails', () => {
    given({ initialized: true, settings: siteSettings() });
    renderGate();
    expect(screen.getByTestId('app')).toBeTruthy();
    act(() => {
      given({ error: 'Failed to fetch site settings. The site might be unreachable.' });
    });
    expect(screen.getByTestId('site-unreachable')).toBeTruthy();
    expect(screen.queryByTestId('app')).toBeNull();
  });
});
