import type { TradingAccount, Transfer } from '@openbroker/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import * as userApi from '@/app/session/userApi';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { deferred, networkError, ok } from '@/test/http';
import { renderRoutes, toastTexts } from '@/test/render';
import { TransferDialog } from './TransferDialog';

vi.mock('@/app/session/userApi');

const usd: TradingAccount = {
  id: 1,
  number: '10000001',
  title: 'Main',
  type: 'live',
  currency: 'USD',
  balance: 1_000,
  credit_balance: 0,
};
const eur: TradingAccount = { ...usd, id: 2, number: '10000002', title: 'Euro', currency: 'EUR', balance: 0 };

const transfer: Transfer = {
  id: 5,
  from_account_id: 1,
  to_account_id: 2,
  from_currency: 'USD',
  to_currency: 'EUR',
  from_amount: 110,
  to_amount: 100,
  rate: 1 / 1.1,
  created_at: '2026-03-02T10:00:00.000Z',
};

/** The Idempotency-Key header of a POST call's config. */
function keyOf(call: unknown[]): unknown {
  const config = call[2] as { headers?: Record<string, unknown> } | undefined;
  return config?.headers?.['Idempotency-Key'];
}

describe('Transfer dialog', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
    useSessionStore.setState({ user: sessionUser({ accounts: [usd, eur] }), selectedAccountIndex: 0 });
    vi.mocked(userApi.fetchCurrentUser).mockResolvedValue(sessionUser({ accounts: [usd, eur] }));
    vi.spyOn(api, 'get').mockImplementation(async (url: string, config?: { params?: unknown }) => {
      if (url === '/transfers/quote') {
        expect(config?.params).toEqual({ from_account_id: 1, to_account_id: 2, amount: 110 });
        return ok({ data: { rate: 1 / 1.1, to_amount: 100 } });
      }
      throw new Error(`Unexpected GET ${url}`);
    });
  });

  it('shows what arrives at the live rate, and sends one key per submission, reused on a retry', async () => {
    const held = deferred<ReturnType<typeof ok>>();
    const post = vi
      .spyOn(api, 'post')
      .mockRejectedValueOnce(networkError())
      .mockImplementationOnce(() => held.promise);
    const onClose = vi.fn();
    renderRoutes(
      [{ path: '*', element: <TransferDialog accounts={[usd, eur]} fromId={1} onClose={onClose} /> }],
      '/',
    );

    expect((screen.getByLabelText('From') as HTMLSelectElement).value).toBe('1');
    expect((screen.getByLabelText('To') as HTMLSelectElement).value).toBe('2');
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '110' } });
    const quote = await screen.findByTestId('transfer-quote');
    await waitFor(() => expect(quote.textContent).toContain('€100.00'));
    expect(quote.textContent).toContain('1 USD = 0.90909 EUR');

    // First attempt: the network fails; the form stays with an error.
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(post).toHaveBeenCalledTimes(1);
    const first = keyOf(post.mock.calls[0] ?? []);
    expect(typeof first).toBe('string');

    // The retry of the same transfer carries the same key; a second click while it runs sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    fireEvent.click(screen.getByRole('button', { name: 'Transferring…' }));
    expect(post).toHaveBeenCalledTimes(2);
    expect(post.mock.calls[1]?.[0]).toBe('/transfers');
    expect(post.mock.calls[1]?.[1]).toEqual({ from_account_id: 1, to_account_id: 2, amount: 110 });
    expect(keyOf(post.mock.calls[1] ?? [])).toBe(first);

    held.resolve(ok({ data: transfer }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(userApi.fetchCurrentUser).toHaveBeenCalled();
    await waitFor(() => expect(toastTexts().join()).toContain('€100.00 arrived on 10000002'));
  });

  it('refuses the same account on both sides before asking the server', async () => {
    const post = vi.spyOn(api, 'post');
    renderRoutes([{ path: '*', element: <TransferDialog accounts={[usd, eur]} onClose={vi.fn()} /> }], '/');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Choose two different accounts')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });
});
