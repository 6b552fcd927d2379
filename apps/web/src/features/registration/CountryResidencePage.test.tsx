import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setFlagEmojiSupport } from '@/lib/flagEmoji';
import { useSettingsStore } from '@/stores/settingsStore';
import { siteSettings } from '@/test/fixtures';
import { renderRoutes, toastTexts } from '@/test/render';
import { CountryResidencePage } from './CountryResidencePage';
import { REGISTRATION_DRAFT_KEY, type RegistrationDraft, readDraft, writeDraft } from './draft';

const DRAFT: RegistrationDraft = {
  email: 'new@example.com',
  password: 'long-enough-1',
  country: 'united-kingdom',
  timestamp: '2025-01-02T03:04:05.000Z',
};

function renderStep() {
  return renderRoutes(
    [
      { path: '/register/country-residence', element: <CountryResidencePage /> },
      { path: '/register', element: <p>Register step</p> },
      { path: '/signup', element: <p>Signup step</p> },
    ],
    '/register/country-residence',
  );
}

function select(label: string): HTMLSelectElement {
  const el = screen.getByLabelText(label);
  if (!(el instanceof HTMLSelectElement)) throw new Error(`${label} is not a select`);
  return el;
}

describe('country of residence step (/register/country-residence)', () => {
  beforeEach(() => {
    useSettingsStore.setState({ settings: siteSettings(), initialized: true, error: null });
    setFlagEmojiSupport(true);
  });
  afterEach(() => {
    setFlagEmojiSupport(null);
  });

  it("sends a visitor without a draft to /signup with 'Please complete the registration process first'", async () => {
    const { router } = renderStep();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    await waitFor(() => expect(toastTexts()).toContain('Please complete the registration process first'));
  });

  it('shows Set Up as the active step of three', () => {
    writeDraft(DRAFT);
    renderStep();
    const steps = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(steps).toEqual(['1Set Up', '2Financial Profile', '3ID Check']);
    expect(screen.getByText('Set Up').closest('li')?.getAttribute('aria-current')).toBe('step');
  });

  it('defaults both selects to the country from the sign-up step, with flags', () => {
    writeDraft(DRAFT);
    renderStep();
    expect(select('Country of Residence').value).toBe('united-kingdom');
    expect(select('Nationality').value).toBe('united-kingdom');
    expect(select('Nationality').selectedOptions[0]?.textContent).toBe('🇬🇧 United Kingdom');
  });

  it('shows bare names where the browser cannot draw flag emoji', () => {
    setFlagEmojiSupport(false);
    writeDraft(DRAFT);
    renderStep();
    expect(select('Nationality').selectedOptions[0]?.textContent).toBe('United Kingdom');
  });

  it("defaults to united-states for the 'united_states' fallback slug", () => {
    writeDraft({ ...DRAFT, country: 'united_states' });
    renderStep();
    expect(select('Country of Residence').value).toBe('united-states');
    expect(select('Nationality').value).toBe('united-states');
  });

  it('names the broker in the regulator disclosure', () => {
    writeDraft(DRAFT);
    renderStep();
    expect(screen.getByTestId('regulator-disclosure').textContent).toContain('Acme Markets');
  });

  it('links the Privacy Policy from settings, keeping the exact agreement wording', () => {
    useSettingsStore.setState({ settings: siteSettings({ privacy_link: 'https://acme.example/privacy' }) });
    writeDraft(DRAFT);
    renderStep();
    const label = document.querySelector('label[for="agree-privacy"]');
    expect(label?.textContent).toBe('I agree to the Privacy Policy and I am over 18.');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      'https://acme.example/privacy',
    );
  });

  it("keeps Continue disabled until the box is ticked, and says 'Please agree to the Privacy Policy' if forced", async () => {
    writeDraft(DRAFT);
    const { router } = renderStep();
    const button = screen.getByTestId('continue-button');
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.submit(screen.getByTestId('country-residence-form'));
    expect(await screen.findByText('Please agree to the Privacy Policy')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register/country-residence');
    expect(readDraft()?.agreePrivacy).toBeUndefined();

    fireEvent.click(screen.getByTestId('privacy-checkbox'));
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText('Please agree to the Privacy Policy')).toBeNull();
  });

  it('saves countryOfResidence, nationality and agreePrivacy into the draft and goes to /register', async () => {
    writeDraft(DRAFT);
    const { router } = renderStep();
    fireEvent.change(select('Country of Residence'), { target: { value: 'germany' } });
    fireEvent.change(select('Nationality'), { target: { value: 'france' } });
    fireEvent.click(screen.getByTestId('privacy-checkbox'));
    fireEvent.click(screen.getByTestId('continue-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    const { password, ...stored } = DRAFT;
    expect(JSON.parse(localStorage.getItem(REGISTRATION_DRAFT_KEY) ?? 'null')).toEqual({
      ...stored,
      countryOfResidence: 'germany',
      nationality: 'france',
      agreePrivacy: true,
    });
    // The password rides along in memory, never in localStorage.
    expect(localStorage.getItem(REGISTRATION_DRAFT_KEY)).not.toContain(password);
    expect(readDraft()?.password).toBe(password);
  });

  it('shows the risk banner', () => {
    writeDraft(DRAFT);
    renderStep();
    expect(screen.getByTestId('risk-banner').textContent).toBe(
      'Trading CFDs carries a high level of risk to your capital, and you should only trade with money you can afford to lose.',
    );
  });
});
