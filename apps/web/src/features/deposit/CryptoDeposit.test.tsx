import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as payments from '@/api/payments';
import { renderRoutes, toastTexts } from '@/test/render';
import { CryptoDepositPage } from './CryptoDepositPage';
import { CryptoWalletPage } from './CryptoWalletPage';
import { page, signInWith, testDeposit, testMethods, testWallet } from './testing';

vi.mock('@/api/payments');

const routes = [
  { path: '/main/deposit/:crypto', element: <CryptoDepositPage /> },
  { path: '/main/deposit/:crypto/:walletId', element: <CryptoWalletPage /> },
];

describe('crypto deposit', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    signInWith('live');
    vi.mocked(payments.getDepositMethods).mockResolvedValue(testMethods());
  });

  it('picks a coin and network and opens the address page', async () => {
    vi.mocked(payments.createWallet).mockResolvedValue(
      testWallet({ id: 77, coin: 'USDT', network: 'ethereum' }),
    );
    const { router } = renderRoutes(routes, '/main/deposit/btc');
    expect(await screen.findByRole('heading', { name: 'BTC deposit' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('link', { name: /USDT/ }));
    expect(await screen.findByRole('heading', { name: 'USDT deposit' })).toBeTruthy();
    expect(screen.getByLabelText('Network')).toBeTruthy();
    expect(screen.getByText('10 USDT')).toBeTruthy();
    expect(screen.getByText('12 needed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show my address' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/deposit/usdt/77'));
    expect(payments.createWallet).toHaveBeenCalledWith({ coin: 'USDT', network: 'ethereum', account_id: 5 });
  });

  it('says so for a coin it does not take', async () => {
    renderRoutes(routes, '/main/deposit/doge');
    expect(
      await screen.findByText('We do not take DOGE deposits. Choose one of the coins above.'),
    ).toBeTruthy();
  });

  it('shows the address, its QR code, the rules and a transfer confirming 1/2', async () => {
    const wallet = testWallet();
    vi.mocked(payments.getWallet).mockResolvedValue(wallet);
    vi.mocked(payments.getDeposits).mockResolvedValue(
      page([
        testDeposit({
          id: 3,
          method: 'crypto',
          wallet_id: 42,
          coin: 'BTC',
          network: 'bitcoin',
          crypto_amount: '0.01',
          amount: 0,
          status: 'confirming',
          confirmations: 1,
          required_confirmations: 2,
        }),
        testDeposit({ id: 4, method: 'crypto', wallet_id: 99, status: 'pending' }),
      ]),
    );
    renderRoutes(routes, '/main/deposit/btc/42');
    expect((await screen.findByTestId('wallet-address')).textContent).toBe(wallet.address);
    const qr = await screen.findByAltText(`QR code of your BTC deposit address ${wallet.address}`);
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('2 confirmations needed')).toBeTruthy();
    expect(screen.getByText('0.0001 BTC')).toBeTruthy();
    expect(screen.getByText('Send only BTC on Bitcoin to this address')).toBeTruthy();
    const rows = await screen.findAllByTestId('wallet-deposit');
    expect(rows).toHaveLength(1);
    expect(within(rows[0] as HTMLElement).getByText('Confirming 1/2')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('0.01 BTC')).toBeTruthy();
    expect(payments.getWallet).toHaveBeenCalledWith(42);
  });

  it('copies the address', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.mocked(payments.getWallet).mockResolvedValue(testWallet());
    vi.mocked(payments.getDeposits).mockResolvedValue(page([]));
    renderRoutes(routes, '/main/deposit/btc/42');
    fireEvent.click(await screen.findByRole('button', { name: 'Copy Address' }));
    await waitFor(() => expect(toastTexts()).toContain('Address copied'));
    expect(writeText).toHaveBeenCalledWith(testWallet().address);
  });

  it('simulates a transfer on a sandbox network, and has no such form on a real one', async () => {
    vi.mocked(payments.getWallet).mockResolvedValue(testWallet());
    vi.mocked(payments.getDeposits).mockResolvedValue(page([]));
    vi.mocked(payments.sandboxTransfer).mockResolvedValue();
    const view = renderRoutes(routes, '/main/deposit/btc/42');
    expect(await screen.findByText('Sandbox: simulate an incoming transfer')).toBeTruthy();
    const amount = screen.getByLabelText('Amount (BTC)');
    fireEvent.change(amount, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simulate transfer' }));
    expect(await screen.findByText('Enter an amount such as 0.01')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '0.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simulate transfer' }));
    await waitFor(() =>
      expect(payments.sandboxTransfer).toHaveBeenCalledWith(42, '0.01', expect.any(String)),
    );
    view.unmount();

    vi.mocked(payments.getWallet).mockResolvedValue(testWallet({ sandbox: false }));
    renderRoutes(routes, '/main/deposit/btc/42');
    await screen.findByTestId('wallet-address');
    expect(screen.queryByText('Sandbox: simulate an incoming transfer')).toBeNull();
  });
});
