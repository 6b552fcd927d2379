import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosRequestConfig } from 'axios';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { deferred } from '@/test/http';
import { toastTexts } from '@/test/render';
import { MarketplacePage } from './MarketplacePage';
import { ApiFailure, fakeApi, renderAt, testAdvisor } from './testing';

const TREND = testAdvisor({ id: 1, name: 'Trend Rider', amount_val: 49, amount: '49.00', downloads: 500 });
const RSI = testAdvisor({ id: 2, name: 'RSI Bounce', amount_val: 0, amount: '0.00', downloads: 900 });

const LIVE_USD = {
  id: 10,
  number: 'L-10',
  title: 'Live USD',
  type: 'live' as const,
  currency: 'USD',
  balance: 1_000,
  credit_balance: 0,
};
const LIVE_EUR = { ...LIVE_USD, id: 11, number: 'L-11', title: 'Live EUR', currency: 'EUR', balance: 500 };
const DEMO = { ...LIVE_USD, id: 12, number: 'D-12', title: 'Demo', type: 'demo' as const, balance: 100_000 };

const USER = sessionUser({ accounts: [DEMO, LIVE_USD, LIVE_EUR], eas: [] });

const list = (...items: unknown[]) => ({ data: { data: items } });
const toasted = (text: string) => toastTexts().some((t) => t.includes(text));
const headerKey = (config: AxiosRequestConfig | undefined) => {
  const headers: unknown = config?.headers;
  return typeof headers === 'object' && headers !== null && 'Idempotency-Key' in headers
    ? String(headers['Idempotency-Key'])
    : undefined;
};

function mount() {
  return renderAt(<MarketplacePage />, '/main/marketplace');
}

async function openPurchase(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Buy ${name}` }));
  return screen.findByTestId('purchase-dialog');
}

describe('marketplace purchase confirmation (SPEC §2, §4, §7, §8)', () => {
  beforeEach(() => {
    useSessionStore.setState({ user: USER, selectedAccountIndex: 0 });
  });
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
  });

  it('shows the item, its price in USD and the live account that pays with its balance', async () => {
    fakeApi({ '/expert_advisors': list(TREND) });
    mount();
    const dialog = await openPurchase('Trend Rider');
    expect(within(dialog).getByRole('heading', { name: 'Buy Trend Rider' })).toBeTruthy();
    expect(within(dialog).getByTestId('purchase-price').textContent).toBe('$49.00 USD');
    const account = within(dialog).getByLabelText('Pay from') as HTMLSelectElement;
    // Demo accounts cannot pay; the selected account is a demo, so the first live one is chosen.
    expect([...account.options].map((o) => o.text)).toEqual([
      'Live USD · L-10 · balance $1,000.00',
      'Live EUR · L-11 · balance €500.00',
    ]);
    expect(account.value).toBe('10');
    fireEvent.change(account, { target: { value: '11' } });
    expect(within(dialog).getByText('Charged in EUR at the live USD/EUR rate.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('purchase-dialog')).toBeNull());
  });

  it('buys with an Idempotency-Key, toasts, refetches the user and the list, and the item turns Purchased', async () => {
    let owned = false;
    const api = fakeApi(
      {
        '/expert_advisors': () => list({ ...TREND, purchased: owned }),
        '/user': () => ({ data: { ...USER, eas: owned ? [1] : [] } }),
      },
      {
        '/purchase/ea': () => {
          owned = true;
          return { status: 'success', message: 'Expert Advisor purchased successfully' };
        },
      },
    );
    mount();
    const dialog = await openPurchase('Trend Rider');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy' }));

    await waitFor(() => expect(toasted('Expert Advisor purchased successfully')).toBe(true));
    const [url, body, config] = api.post.mock.calls[0] ?? [];
    expect(url).toBe('/purchase/ea');
    expect(body).toEqual({ expert_advisor_id: 1, account_id: 10 });
    expect(headerKey(config)).toMatch(/^[0-9a-f-]{36}$/);

    await waitFor(() => expect(screen.queryByTestId('purchase-dialog')).toBeNull());
    const purchased = await screen.findByRole('button', { name: 'Trend Rider: purchased' });
    expect(purchased.hasAttribute('disabled')).toBe(true);
    expect(api.get.mock.calls.filter(([u]) => u === '/expert_advisors')).toHaveLength(2);
    expect(api.get.mock.calls.some(([u]) => u === '/user')).toBe(true);
    await waitFor(() => expect(useSessionStore.getState().user?.eas).toEqual([1]));
  });

  it('buys a free advisor without naming an account', async () => {
    const api = fakeApi(
      { '/expert_advisors': list(RSI), '/user': { data: USER } },
      { '/purchase/ea': { status: 'success', message: 'Expert Advisor purchased successfully' } },
    );
    mount();
    const dialog = await openPurchase('RSI Bounce');
    expect(within(dialog).getByTestId('purchase-price').textContent).toBe('Free');
    expect(within(dialog).queryByLabelText('Pay from')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(toasted('Expert Advisor purchased successfully')).toBe(true));
    expect(api.post.mock.calls[0]?.[1]).toEqual({ expert_advisor_id: 2 });
  });

  it("shows 'Buying...' while the purchase is on its way", async () => {
    const held = deferred<unknown>();
    fakeApi(
      { '/expert_advisors': list(TREND), '/user': { data: USER } },
      { '/purchase/ea': () => held.promise },
    );
    mount();
    const dialog = await openPurchase('Trend Rider');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy' }));
    const busy = await within(dialog).findByRole('button', { name: 'Buying...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    held.resolve({ status: 'success', message: 'Expert Advisor purchased successfully' });
    await waitFor(() => expect(screen.queryByTestId('purchase-dialog')).toBeNull());
  });

  it("shows the server's message, keeps the key for a retry and takes a new one per opening", async () => {
    const api = fakeApi(
      { '/expert_advisors': list(TREND) },
      {
        '/purchase/ea': new ApiFailure(422, {
          message: 'Not enough funds to buy this Expert Advisor: 49.00 USD needed, 10.00 USD available',
          code: 'VALIDATION_FAILED',
          errors: { account_id: ['Not enough funds'] },
        }),
      },
    );
    mount();
    let dialog = await openPurchase('Trend Rider');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Not enough funds to buy this Expert Advisor');
    await waitFor(() => expect(toasted('Not enough funds to buy this Expert Advisor')).toBe(true));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(2));
    const first = headerKey(api.post.mock.calls[0]?.[2]);
    expect(headerKey(api.post.mock.calls[1]?.[2])).toBe(first);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('purchase-dialog')).toBeNull());
    dialog = await openPurchase('Trend Rider');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(3));
    expect(headerKey(api.post.mock.calls[2]?.[2])).not.toBe(first);
  });

  it.each([
    [
      'a plan that excludes it (403)',
      new ApiFailure(403, {
        message: 'This Expert Advisor is not available for your plan',
        code: 'FORBIDDEN',
      }),
      'This Expert Advisor is not available for your plan',
    ],
    ['a bare 403', new ApiFailure(403, null), 'This Expert Advisor is not available for your plan'],
    ['a bare 404', new ApiFailure(404, null), 'Expert Advisor not found'],
    ['a failure without a message', new ApiFailure(500, null), 'Failed to purchase Expert Advisor'],
    [
      'an answer that is not success',
      { status: 'error', message: 'Payments are paused' },
      'Payments are paused',
    ],
    ['an answer without status or message', { status: 'error' }, 'Failed to purchase Expert Advisor'],
  ])('on %s says %s', async (_case, answer, message) => {
    fakeApi({ '/expert_advisors': list(TREND) }, { '/purchase/ea': answer });
    mount();
    const dialog = await openPurchase('Trend Rider');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buy' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(message);
    await waitFor(() => expect(toasted(message)).toBe(true));
    expect(screen.getByTestId('purchase-dialog')).toBeTruthy();
  });

  it('cannot pay for a paid advisor without a live account', async () => {
    useSessionStore.setState({ user: sessionUser({ accounts: [DEMO] }) });
    fakeApi({ '/expert_advisors': list(TREND) });
    mount();
    const dialog = await openPurchase('Trend Rider');
    expect(within(dialog).getByText('You need a live account to buy an Expert Advisor.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Buy' }).hasAttribute('disabled')).toBe(true);
  });

  it('buys from the item detail too', async () => {
    fakeApi({ '/expert_advisors': list(TREND), '/expert_advisors/1': { data: TREND } });
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Details of Trend Rider' }));
    const detail = await screen.findByTestId('advisor-detail');
    fireEvent.click(within(detail).getByRole('button', { name: 'Buy Trend Rider' }));
    const dialog = await screen.findByTestId('purchase-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Buy Trend Rider' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('advisor-detail')).toBeNull());
  });

  it('opens on Cancel, not Buy, so a stray Enter does not buy', async () => {
    fakeApi({ '/expert_advisors': list(TREND, RSI) });
    mount();
    const dialog = await openPurchase('Trend Rider');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })),
    );
  });
});

describe('marketplace cards by keyboard', () => {
  beforeEach(() => {
    useSessionStore.setState({ user: USER, selectedAccountIndex: 0 });
  });

  it('are one Tab stop: arrows move between cards, Enter opens the detail', async () => {
    fakeApi({ '/expert_advisors': list(TREND, RSI) });
    const { router } = mount();
    await screen.findByRole('button', { name: 'Buy Trend Rider' });
    const cards = screen.getAllByTestId('marketplace-item');
    expect(cards.map((c) => c.tabIndex)).toEqual([0, -1]);
    // Only the active card's buttons are in the Tab order.
    const second = within(cards[1] as HTMLElement).getByRole('button', { name: /Details of/ });
    expect(second.tabIndex).toBe(-1);

    (cards[0] as HTMLElement).focus();
    fireEvent.keyDown(cards[0] as HTMLElement, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(cards[1]));
    expect(cards.map((c) => c.tabIndex)).toEqual([-1, 0]);

    fireEvent.keyDown(cards[1] as HTMLElement, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toContain('item='));
  });
});
