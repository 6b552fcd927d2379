import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AdminPaymentMethod, listPaymentMethods, updatePaymentMethod } from '@/api/adminMoney';
import { httpError } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { PaymentMethodsPage } from './PaymentMethodsPage';

vi.mock('@/api/adminMoney', async (original) => ({
  ...(await original<typeof import('@/api/adminMoney')>()),
  listPaymentMethods: vi.fn(),
  updatePaymentMethod: vi.fn(),
}));

const base = {
  enabled: true,
  currencies: ['USD', 'EUR', 'GBP'],
  min_amount: 10,
  max_amount: 50_000,
  fee_percent: 0,
  fee_fixed: 0,
  withdrawals_enabled: true,
  withdrawal_fee_percent: 0,
  withdrawal_fee_fixed: 0,
  sandbox: false,
  bank: null,
  bank_demo: false,
  confirmations: null,
  min_deposit: null,
  config: {},
  updated_at: '2026-01-07T15:00:00.000Z',
};

const CARD: AdminPaymentMethod = {
  ...base,
  key: 'card',
  kind: 'card',
  provider: 'sandbox-card',
  providers: ['sandbox-card'],
  label: 'Card',
  sandbox: true,
  fee_percent: 2.5,
};
const BANK = {
  beneficiary: 'OpenBroker Ltd',
  bank_name: 'Example Bank',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  address: '1 Bank Street, Frankfurt',
};
const WIRE: AdminPaymentMethod = {
  ...base,
  key: 'wire',
  kind: 'wire',
  provider: 'manual-wire',
  providers: ['manual-wire'],
  label: 'Bank wire',
  max_amount: null,
  withdrawal_fee_fixed: 15,
  bank: BANK,
  bank_demo: true,
  config: { ...BANK, bank_demo: true },
};
const BTC: AdminPaymentMethod = {
  ...base,
  key: 'crypto:BTC:bitcoin',
  kind: 'crypto',
  provider: 'esplora',
  providers: ['esplora', 'sandbox-chain'],
  label: 'Bitcoin',
  confirmations: 2,
  min_deposit: '0.0001',
  config: { confirmations: 2, min_deposit: '0.0001' },
};

const mount = () => renderRoutes([{ path: '/', element: <PaymentMethodsPage /> }], '/');

async function edit(label: string) {
  mount();
  fireEvent.click(await screen.findByRole('button', { name: `Edit ${label}` }));
  return screen.findByRole('dialog', { name: `Edit ${label}` });
}

beforeEach(() => {
  vi.mocked(listPaymentMethods).mockResolvedValue([CARD, WIRE, BTC]);
  vi.mocked(updatePaymentMethod).mockImplementation(async (key, body) => ({ ...WIRE, key, ...body }));
});
afterEach(() => vi.clearAllMocks());

describe('PaymentMethodsPage', () => {
  it('lists every method with its provider, a Sandbox badge for sandbox providers, limits and fees', async () => {
    mount();
    const table = await screen.findByRole('table', { name: 'Payment methods' });
    await within(table).findByText('crypto:BTC:bitcoin');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1] as HTMLElement).getByText('sandbox-card')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Sandbox')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('2.5%')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).queryByText('Sandbox')).toBeNull();
    expect(within(rows[2] as HTMLElement).getByText('Demo bank details')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('$10.00 – no maximum')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('On · $15.00')).toBeTruthy();
    expect(within(rows[3] as HTMLElement).getByText('crypto:BTC:bitcoin')).toBeTruthy();
  });

  it('saves a wire method with its bank details', async () => {
    const sheet = await edit('Bank wire');
    expect(within(sheet).getByText(/built-in demo details/)).toBeTruthy();
    const type = (label: string, value: string) =>
      fireEvent.change(within(sheet).getByLabelText(label), { target: { value } });
    type('Account currencies', 'usd, eur');
    type('Maximum (USD)', '25000');
    type('Fee (%)', '1.5');
    type('IBAN', 'gb29 nwbk 6016 1331 9268 19');
    fireEvent.click(within(sheet).getByLabelText('Pays out withdrawals'));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Save method' }));
    await waitFor(() => expect(updatePaymentMethod).toHaveBeenCalledTimes(1));
    expect(updatePaymentMethod).toHaveBeenCalledWith('wire', {
      provider: 'manual-wire',
      label: 'Bank wire',
      enabled: true,
      currencies: ['USD', 'EUR'],
      min_amount: 10,
      max_amount: 25_000,
      fee_percent: 1.5,
      fee_fixed: 0,
      withdrawals_enabled: false,
      withdrawal_fee_percent: 0,
      withdrawal_fee_fixed: 15,
      bank: { ...BANK, iban: 'GB29NWBK60161331926819' },
    });
  });

  it('checks the fields before sending and shows the server’s field errors', async () => {
    const sheet = await edit('Bitcoin');
    const type = (label: string, value: string) =>
      fireEvent.change(within(sheet).getByLabelText(label), { target: { value } });
    type('Account currencies', '');
    type('Minimum (USD)', '100');
    type('Maximum (USD)', '50');
    type('Confirmations before crediting', '0');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Save method' }));
    expect(await within(sheet).findByText('Choose at least one currency')).toBeTruthy();
    expect(within(sheet).getByText('The maximum must be at least the minimum')).toBeTruthy();
    expect(within(sheet).getByText('At least 1 confirmation')).toBeTruthy();
    expect(updatePaymentMethod).not.toHaveBeenCalled();

    vi.mocked(updatePaymentMethod).mockRejectedValueOnce(
      httpError(422, {
        message: 'Check the highlighted fields',
        code: 'VALIDATION_FAILED',
        errors: { min_deposit: ['BTC has at most 8 decimals.'], provider: ['Not configured'] },
      }),
    );
    type('Account currencies', 'USD');
    type('Maximum (USD)', '');
    type('Confirmations before crediting', '3');
    fireEvent.change(within(sheet).getByLabelText('Provider'), { target: { value: 'sandbox-chain' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Save method' }));
    expect(await within(sheet).findByText('BTC has at most 8 decimals.')).toBeTruthy();
    expect(within(sheet).getByText('Not configured')).toBeTruthy();
    expect(within(sheet).getByText('Check the highlighted fields')).toBeTruthy();
    expect(vi.mocked(updatePaymentMethod).mock.calls[0]?.[1]).toMatchObject({
      provider: 'sandbox-chain',
      currencies: ['USD'],
      max_amount: null,
      confirmations: 3,
      min_deposit: '0.0001',
    });
  });
});
