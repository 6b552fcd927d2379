import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as savingsApi from '@/api/savings';
import * as userApi from '@/app/session/userApi';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { renderRoutes, toastTexts } from '@/test/render';
import { SavingsPage } from './SavingsPage';
import { formatDay } from './savingsFormat';
import { testPosition, testProduct } from './testing';

vi.mock('@/api/savings');
vi.mock('@/app/session/userApi');

const fixed = testPosition({
  id: 12,
  product: { id: 4, name: 'Euro 90 days', kind: 'fixed', term_days: 90 },
  annual_rate: 5,
  principal: 500,
  accrued_interest: 1.2,
  matures_at: '2026-05-02T09:00:00.000Z',
  redeemable: false,
});
const redeemed = testPosition({
  id: 10,
  status: 'redeemed',
  principal: 300,
  accrued_interest: 2.25,
  redeemed_at: '2026-01-20T09:00:00.000Z',
  redeemable: false,
});

function mount() {
  renderRoutes([{ path: '*', element: <SavingsPage /> }], '/');
}

describe('/main/savings', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    useSessionStore.setState({ user: sessionUser(), selectedAccountIndex: 0 });
    vi.mocked(userApi.fetchCurrentUser).mockResolvedValue(sessionUser());
    vi.mocked(savingsApi.getSavingsProducts).mockResolvedValue([
      testProduct(),
      testProduct({ id: 4, name: 'Euro 90 days', kind: 'fixed', term_days: 90, annual_rate: 5 }),
      testProduct({ id: 5, name: 'Withdrawn', enabled: false }),
    ]);
    vi.mocked(savingsApi.getSavingsPositions).mockResolvedValue([testPosition(), fixed, redeemed]);
  });

  it('lists the products on offer with rate, term, minimum and currency', async () => {
    mount();
    const products = await screen.findAllByTestId('savings-product');
    expect(products).toHaveLength(2);
    const [flexible, term] = products;
    expect(flexible?.textContent).toContain('4.50 % a year');
    expect(flexible?.textContent).toContain('Flexible');
    expect(flexible?.textContent).toContain('€100.00');
    expect(flexible?.textContent).toContain('EUR');
    expect(term?.textContent).toContain('90 days');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows positions with their interest, keeps an unmatured term locked, and redeems with a key', async () => {
    vi.mocked(savingsApi.redeemSavings).mockResolvedValue(
      testPosition({ status: 'redeemed', redeemable: false, redeemed_at: '2026-03-01T00:00:00.000Z' }),
    );
    mount();
    const rows = await screen.findAllByTestId('savings-position');
    expect(rows).toHaveLength(2);
    const [open, locked] = rows;
    if (!open || !locked) throw new Error('rows missing');
    expect(open.textContent).toContain('€1,000.00');
    expect(open.textContent).toContain('€3.70');
    const lockedButton = within(locked).getByRole('button', {
      name: 'Redeem Euro 90 days',
    }) as HTMLButtonElement;
    expect(lockedButton.disabled).toBe(true);
    expect(lockedButton.textContent).toBe(`Redeem from ${formatDay(fixed.matures_at)}`);

    const history = screen.getAllByTestId('savings-history-row');
    expect(history).toHaveLength(1);
    expect(history[0]?.textContent).toContain('€2.25');

    fireEvent.click(within(open).getByRole('button', { name: 'Redeem Euro Saver' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(savingsApi.redeemSavings).toHaveBeenCalledTimes(1));
    const [id, key] = vi.mocked(savingsApi.redeemSavings).mock.calls[0] ?? [];
    expect(id).toBe(11);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(toastTexts().join()).toContain('€1,003.70 returned to your account'));
    expect(userApi.fetchCurrentUser).toHaveBeenCalled();
  });
});
