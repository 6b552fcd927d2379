import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as savingsApi from '@/api/savings';
import * as userApi from '@/app/session/userApi';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { renderRoutes, toastTexts } from '@/test/render';
import { SubscribeDialog } from './SubscribeDialog';
import { testPosition, testProduct } from './testing';

vi.mock('@/api/savings');
vi.mock('@/app/session/userApi');

const account = (id: number, currency: string, type: 'live' | 'demo' = 'live') => ({
  id,
  number: `1000000${id}`,
  title: `${type} ${currency}`,
  type,
  currency,
  balance: 5_000,
  credit_balance: 0,
});

function mount(onClose = vi.fn(), product = testProduct()) {
  renderRoutes([{ path: '*', element: <SubscribeDialog product={product} onClose={onClose} /> }], '/');
  return onClose;
}

describe('Subscribe dialog', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    const user = sessionUser({
      accounts: [account(1, 'USD'), account(2, 'EUR'), account(3, 'EUR', 'demo'), account(4, 'EUR')],
    });
    useSessionStore.setState({ user, selectedAccountIndex: 0 });
    vi.mocked(userApi.fetchCurrentUser).mockResolvedValue(user);
  });

  it('offers live accounts in the product’s currency, estimates the interest, and subscribes with a key', async () => {
    vi.mocked(savingsApi.subscribeSavings).mockResolvedValue(testPosition({ principal: 2_000 }));
    const onClose = mount();
    const select = screen.getByLabelText('From account') as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.value)).toEqual(['2', '4']);

    fireEvent.change(screen.getByLabelText('Amount (EUR)'), { target: { value: '2000' } });
    // 2,000 × 4.5 % = 90.00 a year.
    expect((await screen.findByTestId('interest-estimate')).textContent).toContain('€90.00 a year');

    fireEvent.change(select, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [body, key] = vi.mocked(savingsApi.subscribeSavings).mock.calls[0] ?? [];
    expect(body).toEqual({ product_id: 3, account_id: 4, amount: 2_000 });
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(userApi.fetchCurrentUser).toHaveBeenCalled();
    await waitFor(() => expect(toastTexts().join()).toContain('€2,000.00 placed in Euro Saver'));
  });

  it('checks the product minimum before sending', async () => {
    mount();
    fireEvent.change(screen.getByLabelText('Amount (EUR)'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('The minimum is €100.00')).toBeTruthy();
    expect(savingsApi.subscribeSavings).not.toHaveBeenCalled();
  });

  it('says a live account in the currency is needed when there is none', () => {
    mount(vi.fn(), testProduct({ currency: 'GBP' }));
    expect(screen.getByText(/you need a live GBP account/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
