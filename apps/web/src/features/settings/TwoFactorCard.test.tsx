import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AxiosHeaders, type AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { createQueryClient, Providers } from '@/app/Providers';
import { TwoFactorCard } from './TwoFactorCard';

function ok<T>(data: T): AxiosResponse<T> {
  return { data, status: 200, statusText: 'OK', headers: {}, config: { headers: new AxiosHeaders() } };
}

const CODES = Array.from({ length: 10 }, (_, i) =>
  `abcde-2345${i % 8}`.replace(/.$/, String.fromCharCode(97 + i)),
);

describe('TwoFactorCard', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sets up with a QR code and key, then shows the recovery codes once until confirmed', async () => {
    let enabled = false;
    vi.spyOn(api, 'get').mockImplementation(async () =>
      ok({
        data: {
          enabled,
          enabled_at: enabled ? '2026-01-01T00:00:00Z' : null,
          recovery_codes_left: enabled ? 10 : 0,
        },
      }),
    );
    const post = vi.spyOn(api, 'post').mockImplementation(async (url: string) => {
      if (url === '/security/2fa/setup')
        return ok({
          data: {
            secret: 'JBSWY3DPEHPK3PXP',
            otpauth_url: 'otpauth://totp/OpenBroker:ada?secret=JBSWY3DPEHPK3PXP',
          },
        });
      enabled = true;
      return ok({ data: { recovery_codes: CODES } });
    });
    render(
      <Providers queryClient={createQueryClient()}>
        <TwoFactorCard />
      </Providers>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    expect((await screen.findByTestId('totp-secret')).textContent).toBe('JBSW Y3DP EHPK 3PXP');
    expect(await screen.findByAltText('QR code for your authenticator app')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const panel = await screen.findByTestId('recovery-codes');
    for (const code of CODES) expect(panel.textContent).toContain(code);
    expect(post).toHaveBeenCalledWith('/security/2fa/enable', { code: '123456' });

    const done = screen.getByRole('button', { name: 'Done' });
    expect(done.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText('I have saved my recovery codes'));
    fireEvent.click(done);
    await waitFor(() => expect(screen.queryByTestId('recovery-codes')).toBeNull());
    expect(await screen.findByText(/10 recovery codes left/)).toBeTruthy();
    // Once closed, the codes are nowhere on the page.
    expect(document.body.textContent).not.toContain(CODES[0]);
  });
});
