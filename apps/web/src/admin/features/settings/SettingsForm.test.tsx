import type { StaffSettings } from '@openbroker/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpError } from '@/test/http';
import { renderRoutes, toastTexts } from '@/test/render';
import { SettingsForm } from './SettingsForm';

const SETTINGS: StaffSettings = {
  name: 'OpenBroker',
  status: 'active',
  maintenanceMessage: null,
  contactEmail: 'help@broker.test',
  website_url: null,
  logo: null,
  logo_sm: null,
  favicon: null,
  r_page: 'basic',
  header_link: null,
  footer_link: null,
  terms_link: 'https://broker.test/terms',
  privacy_link: null,
  risk_link: null,
  help_link: null,
  auto_approve: false,
  category_leverage: { cryptos: 100, stocks: 100, indices: 100, commodities: 100, metals: 100, forex: null },
  four_eyes_threshold: 1000,
  account_currencies: ['USD', 'EUR', 'GBP'],
  demo_balance: 10_000,
  withdrawal_two_level_threshold: 5_000,
};

afterEach(() => vi.restoreAllMocks());

function mount(save = vi.fn(async (patch: object) => ({ ...SETTINGS, ...patch }) as StaffSettings)) {
  const upload = vi.fn(async () => ({ url: '/api/v1/branding/0f8fad5b-d9cb-469f-a165-70867728950e.png' }));
  renderRoutes(
    [{ path: '/', element: <SettingsForm settings={SETTINGS} save={save} upload={upload} /> }],
    '/',
  );
  return { save, upload };
}
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save changes' });

describe('SettingsForm', () => {
  it('tracks what changed and sends only that', async () => {
    const { save } = mount();
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('No unsaved changes')).toBeTruthy();

    fireEvent.change(field(/^Site name/), { target: { value: 'Acme Markets' } });
    fireEvent.change(field(/^Forex/), { target: { value: '50' } });
    fireEvent.change(field(/^Terms and conditions/), { target: { value: '' } });
    expect(screen.getByText('3 unsaved changes')).toBeTruthy();
    expect(screen.getAllByText('(changed)')).toHaveLength(3);

    // Typing a value back to what was loaded is no change.
    fireEvent.change(field(/^Forex/), { target: { value: '' } });
    expect(screen.getByText('2 unsaved changes')).toBeTruthy();
    fireEvent.change(field(/^Forex/), { target: { value: '50' } });

    fireEvent.click(saveButton());
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({
      name: 'Acme Markets',
      terms_link: null,
      category_leverage: { forex: 50 },
    });
    await waitFor(() => expect(toastTexts()).toContain('Site settings saved.'));
    // Saved values become the new baseline.
    expect(screen.getByText('No unsaved changes')).toBeTruthy();
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('discards edits back to what was loaded', () => {
    mount();
    fireEvent.change(field(/^Site name/), { target: { value: 'Other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(field(/^Site name/).value).toBe('OpenBroker');
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the domain’s errors beside their fields without calling the server', async () => {
    const { save } = mount();
    fireEvent.change(field(/^Website/), { target: { value: 'javascript:alert(1)' } });
    fireEvent.change(field(/^Crypto/), { target: { value: '5000' } });
    fireEvent.change(field(/^Site name/), { target: { value: ' ' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Enter a full http(s) address, e.g. https://example.com')).toBeTruthy();
    expect(screen.getByText('Leverage must be at most 1000')).toBeTruthy();
    expect(screen.getByText('Enter the site name')).toBeTruthy();
    expect(field(/^Website/).getAttribute('aria-invalid')).toBe('true');
    expect(save).not.toHaveBeenCalled();
    // Editing a field clears its error.
    fireEvent.change(field(/^Website/), { target: { value: 'https://acme.example' } });
    expect(screen.queryByText('Enter a full http(s) address, e.g. https://example.com')).toBeNull();
  });

  it('shows the server’s 422 errors beside their fields and keeps the edits', async () => {
    const save = vi.fn(async () => {
      throw httpError(422, {
        message: 'This address is taken',
        code: 'VALIDATION_FAILED',
        errors: {
          contactEmail: ['This address is taken'],
          'category_leverage.metals': ['Too high for metals'],
        },
      });
    });
    mount(save);
    fireEvent.change(field(/^Contact e-mail/), { target: { value: 'ops@broker.test' } });
    fireEvent.change(field(/^Metals/), { target: { value: '900' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Too high for metals')).toBeTruthy();
    expect(field(/^Contact e-mail/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('This address is taken').length).toBeGreaterThanOrEqual(1);
    expect(field(/^Contact e-mail/).value).toBe('ops@broker.test');
    expect(screen.getByText('2 unsaved changes')).toBeTruthy();
  });

  it('edits the money settings: currencies as codes, amounts as numbers, errors beside the fields', async () => {
    const { save } = mount();
    expect(field(/^Account currencies/).value).toBe('USD, EUR, GBP');
    fireEvent.change(field(/^Account currencies/), { target: { value: 'USD, EURO' } });
    fireEvent.change(field(/^Demo balance/), { target: { value: '0' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Use three-letter currency codes such as EUR')).toBeTruthy();
    expect(screen.getByText('The demo balance must be greater than zero')).toBeTruthy();
    expect(field(/^Account currencies/).getAttribute('aria-invalid')).toBe('true');
    expect(save).not.toHaveBeenCalled();

    fireEvent.change(field(/^Account currencies/), { target: { value: 'usd chf' } });
    fireEvent.change(field(/^Demo balance/), { target: { value: '50000' } });
    fireEvent.change(field(/^Two-level withdrawal threshold/), { target: { value: '2500.5' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({
      account_currencies: ['USD', 'CHF'],
      demo_balance: 50_000,
      withdrawal_two_level_threshold: 2500.5,
    });
  });

  it('puts an uploaded logo in the form as an unsaved change, and shows a refused upload', async () => {
    const { upload } = mount();
    const input = document.getElementById('settings-logo') as HTMLInputElement;
    const file = new File([new Uint8Array([1])], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    const preview = await screen.findByAltText('Logo preview');
    expect(preview.getAttribute('src')).toBe('/api/v1/branding/0f8fad5b-d9cb-469f-a165-70867728950e.png');
    expect(upload).toHaveBeenCalledWith('logo', file);
    expect(screen.getByText('1 unsaved change')).toBeTruthy();

    upload.mockRejectedValueOnce(
      httpError(422, {
        message: 'Not allowed',
        code: 'VALIDATION_FAILED',
        errors: { file: ['Upload a PNG image.'] },
      }),
    );
    const fav = document.getElementById('settings-favicon') as HTMLInputElement;
    fireEvent.change(fav, { target: { files: [file] } });
    expect(await screen.findByText('Upload a PNG image.')).toBeTruthy();
  });
});
