import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as payments from '@/api/payments';
import { page, signInWith, testWithdrawal, testWithdrawalOptions } from '@/features/deposit/testing';
import { httpError } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { WithdrawalPage } from './WithdrawalPage';

vi.mock('@/api/payments');

const render = () => renderRoutes([{ path: '*', element: <WithdrawalPage /> }], '/main/withdrawal');
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));

describe('/main/withdrawal', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    signInWith('live');
    vi.mocked(payments.getWithdrawalOptions).mockResolvedValue(testWithdrawalOptions());
    vi.mocked(payments.getWithdrawals).mockResolvedValue(page([]));
  });

  it('refuses a demo account', () => {
    signInWith('demo');
    render();
    expect(screen.getByText('This is a demo account')).toBeTruthy();
    expect(payments.getWithdrawalOptions).not.toHaveBeenCalled();
  });

  it('shows what can be withdrawn, the fee, the total and the two-approval note', async () => {
    render();
    expect((await screen.findByTestId('withdrawable')).textContent).toBe('$800.00');
    type('Amount (USD)', '100');
    expect(screen.getByTestId('withdrawal-fee').textContent).toBe('$5.00');
    expect(screen.getByTestId('withdrawal-total').textContent).toBe('$105.00');
    expect(screen.queryByTestId('two-level-note')).toBeNull();
    type('Amount (USD)', '500');
    expect(screen.getByTestId('two-level-note').textContent).toContain('need two approvals');
  });

  it('checks the bank fields, the minimum and the withdrawable amount before sending', async () => {
    render();
    await screen.findByTestId('withdrawable');
    submit();
    expect(await screen.findByText('Enter an amount')).toBeTruthy();
    expect((screen.getByLabelText('Account holder') as HTMLInputElement).value).toBe('Ada Lovelace');
    type('Account holder', '');
    submit();
    expect(await screen.findByText('Enter the account holder')).toBeTruthy();
    expect(screen.getByText('Enter a valid IBAN')).toBeTruthy();
    expect(screen.getByText('Enter a valid BIC')).toBeTruthy();

    type('Account holder', 'Ada Lovelace');
    type('Bank name', 'Example Bank');
    type('IBAN', 'GB34 BUKB 2020 1555 5555 55');
    type('BIC', 'BUKBGB22');
    type('Amount (USD)', '20');
    submit();
    expect(await screen.findByText('This IBAN is not valid: check it for typos')).toBeTruthy();
    expect(screen.getByText('The minimum is $50.00')).toBeTruthy();

    type('IBAN', 'GB33 BUKB 2020 1555 5555 55');
    type('Amount (USD)', '799');
    submit();
    expect(
      await screen.findByText('With the fee this comes to $804.00, more than the $800.00 you can withdraw'),
    ).toBeTruthy();
    expect(payments.createWithdrawal).not.toHaveBeenCalled();
  });

  it('sends a bank withdrawal with an idempotency key and shows a server refusal', async () => {
    vi.mocked(payments.createWithdrawal).mockRejectedValueOnce(
      httpError(409, { message: 'Not enough free margin', code: 'insufficient_funds' }),
    );
    render();
    await screen.findByTestId('withdrawable');
    type('Account holder', 'Ada Lovelace');
    type('Bank name', 'Example Bank');
    type('IBAN', 'gb33 bukb 2020 1555 5555 55');
    type('BIC', 'bukbgb22');
    type('Amount (USD)', '200');
    submit();
    expect(await screen.findByText('Not enough free margin')).toBeTruthy();
    const [body, key] = vi.mocked(payments.createWithdrawal).mock.calls[0] ?? [];
    expect(body).toEqual({
      method: 'bank',
      account_id: 5,
      amount: 200,
      holder: 'Ada Lovelace',
      iban: 'GB33BUKB20201555555555',
      bic: 'BUKBGB22',
      bank_name: 'Example Bank',
    });
    // A retry of the same request keeps its key.
    vi.mocked(payments.createWithdrawal).mockResolvedValue(testWithdrawal({ id: 4, amount: 200 }));
    submit();
    await waitFor(() => expect(payments.createWithdrawal).toHaveBeenCalledTimes(2));
    expect(vi.mocked(payments.createWithdrawal).mock.calls[1]?.[1]).toBe(key);
  });

  it('explains before submitting that a card withdrawal refunds card deposits, oldest first', async () => {
    render();
    await screen.findByTestId('withdrawable');
    fireEvent.click(screen.getByRole('radio', { name: /Back to my card/ }));
    const note = await screen.findByTestId('card-refund-note');
    expect(note.textContent).toContain('refunded to the same card first, oldest deposit first');
    expect(note.textContent).toContain('•••• 4242');
    expect(note.textContent).toContain('up to $100.00');
    type('Amount (USD)', '150');
    const items = within(note).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('$100.00 of $100.00');
    expect(items[1]?.textContent).toContain('$50.00 of $250.00');
    type('Amount (USD)', '400');
    submit();
    expect(
      await screen.findByText(
        'At most $350.00 can go back to your cards; choose another method for the rest',
      ),
    ).toBeTruthy();
    type('Amount (USD)', '150');
    submit();
    await waitFor(() =>
      expect(payments.createWithdrawal).toHaveBeenCalledWith(
        { method: 'card', account_id: 5, amount: 150 },
        expect.any(String),
      ),
    );
  });

  it('sends a crypto withdrawal to the coin and network of the method', async () => {
    vi.mocked(payments.createWithdrawal).mockResolvedValue(testWithdrawal({ id: 5, method: 'crypto' }));
    render();
    await screen.findByTestId('withdrawable');
    fireEvent.click(screen.getByRole('radio', { name: /Bitcoin/ }));
    type('BTC address (Bitcoin)', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
    type('Amount (USD)', '100');
    expect(screen.getByTestId('withdrawal-total').textContent).toBe('$101.00');
    submit();
    await waitFor(() =>
      expect(payments.createWithdrawal).toHaveBeenCalledWith(
        {
          method: 'crypto',
          account_id: 5,
          amount: 100,
          coin: 'BTC',
          network: 'bitcoin',
          address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        },
        expect.any(String),
      ),
    );
  });

  it('lists withdrawals with status and reason, and cancels one after asking', async () => {
    vi.mocked(payments.getWithdrawals).mockResolvedValue(
      page([
        testWithdrawal({ id: 1, status: 'held', approvals_required: 2, approvals_given: 1 }),
        testWithdrawal({
          id: 2,
          status: 'rejected',
          cancellable: false,
          reason_code: 'name_mismatch',
          reason: 'The IBAN belongs to someone else',
        }),
      ]),
    );
    vi.mocked(payments.cancelWithdrawal).mockResolvedValue(testWithdrawal({ id: 1, status: 'cancelled' }));
    render();
    const rows = await screen.findAllByTestId('withdrawal-row');
    expect(rows[0]?.textContent).toContain('Awaiting approval (1 of 2)');
    expect(rows[1]?.textContent).toContain('Rejected');
    expect(rows[1]?.textContent).toContain(
      'The receiving account is not in your name: The IBAN belongs to someone else',
    );
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: /Cancel/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel withdrawal #1' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('The $105.00 held for it returns to account 10000005');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(payments.cancelWithdrawal).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel withdrawal #1' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel withdrawal' }),
    );
    await waitFor(() => expect(payments.cancelWithdrawal).toHaveBeenCalledWith(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
