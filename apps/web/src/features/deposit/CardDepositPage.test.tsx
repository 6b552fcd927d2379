import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as payments from '@/api/payments';
import { httpError } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { CardDepositPage } from './CardDepositPage';
import { goToHostedPage } from './hostedPage';
import { signInWith, testDeposit, testMethods } from './testing';

vi.mock('@/api/payments');
vi.mock('./hostedPage', () => ({ goToHostedPage: vi.fn(() => true) }));

const render = (path = '/main/deposit/card') =>
  renderRoutes([{ path: '/main/deposit/card', element: <CardDepositPage /> }], path);

const amountInput = () => screen.getByLabelText('Amount (USD)');
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));

describe('card deposit', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    vi.mocked(goToHostedPage).mockReturnValue(true);
    signInWith('live');
    vi.mocked(payments.getDepositMethods).mockResolvedValue(testMethods());
  });

  it('shows the limits, the fee and what will be credited before submitting, and says Sandbox', async () => {
    render();
    expect(await screen.findByText('$10.00 to $5,000.00 · Fee 2.5% + $0.30')).toBeTruthy();
    expect(screen.getByText('Sandbox')).toBeTruthy();
    expect(screen.getByText(/Test mode — no real money moves/)).toBeTruthy();
    fireEvent.change(amountInput(), { target: { value: '100' } });
    await waitFor(() => expect(screen.getByTestId('quote-fee').textContent).toBe('$2.80'));
    expect(screen.getByTestId('quote-net').textContent).toBe('$97.20');
    expect(payments.getDepositMethods).toHaveBeenCalledWith(5);
  });

  it('refuses amounts outside the limits without calling the server', async () => {
    render();
    await screen.findByLabelText('Amount (USD)');
    fireEvent.change(amountInput(), { target: { value: '5' } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('The minimum is $10.00');
    fireEvent.change(amountInput(), { target: { value: '6000' } });
    submit();
    await screen.findByText('The maximum is $5,000.00');
    fireEvent.change(amountInput(), { target: { value: '' } });
    submit();
    await screen.findByText('Enter an amount');
    expect(payments.createDeposit).not.toHaveBeenCalled();
  });

  it('creates the deposit with an idempotency key and sends the browser to the hosted page', async () => {
    vi.mocked(payments.createDeposit).mockResolvedValue(
      testDeposit({ id: 7, redirect_url: 'https://pay.example.test/checkout/7' }),
    );
    render();
    await screen.findByLabelText('Amount (USD)');
    fireEvent.change(amountInput(), { target: { value: '250.5' } });
    submit();
    await waitFor(() => expect(goToHostedPage).toHaveBeenCalledWith('https://pay.example.test/checkout/7'));
    const [body, key] = vi.mocked(payments.createDeposit).mock.calls[0] ?? [];
    expect(body).toEqual({ method: 'card', account_id: 5, amount: 250.5 });
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the server message at the field', async () => {
    vi.mocked(payments.createDeposit).mockRejectedValue(
      httpError(422, {
        message: 'Invalid',
        code: 'validation',
        errors: { amount: ['Over your daily limit'] },
      }),
    );
    render();
    await screen.findByLabelText('Amount (USD)');
    fireEvent.change(amountInput(), { target: { value: '100' } });
    submit();
    expect(await screen.findByText('Over your daily limit')).toBeTruthy();
  });

  it('on return from the hosted page, shows the completed deposit', async () => {
    vi.mocked(payments.getDeposit).mockResolvedValue(
      testDeposit({ id: 7, status: 'completed', net_amount: 97.2 }),
    );
    render('/main/deposit/card?deposit=7');
    expect(await screen.findByText('Deposit received')).toBeTruthy();
    expect(screen.getByText('$97.20 has been added to account 10000005.')).toBeTruthy();
    expect(payments.getDeposit).toHaveBeenCalledWith(7);
  });

  it('on return, shows a failed payment with its reason', async () => {
    vi.mocked(payments.getDeposit).mockResolvedValue(
      testDeposit({ id: 8, status: 'failed', reason: 'Card declined by the issuer' }),
    );
    render('/main/deposit/card?deposit=8');
    expect(await screen.findByText('Deposit failed')).toBeTruthy();
    expect(screen.getByText(/Card declined by the issuer/)).toBeTruthy();
  });

  it('asks again while the payment is still pending', async () => {
    vi.mocked(payments.getDeposit).mockResolvedValue(testDeposit({ id: 9, status: 'pending' }));
    render('/main/deposit/card?deposit=9');
    expect(await screen.findByText('Waiting for the payment to be confirmed')).toBeTruthy();
  });
});
