import type { SavingsProduct } from '@openbroker/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSavingsProduct, listSavingsProducts, updateSavingsProduct } from '@/api/adminMoney';
import { renderRoutes } from '@/test/render';
import { SavingsProductsPage } from './SavingsProductsPage';

vi.mock('@/api/adminMoney', async (original) => ({
  ...(await original<typeof import('@/api/adminMoney')>()),
  listSavingsProducts: vi.fn(),
  createSavingsProduct: vi.fn(),
  updateSavingsProduct: vi.fn(),
}));

const FIXED: SavingsProduct = {
  id: 2,
  name: '90-day deposit',
  description: 'Locked for 90 days',
  kind: 'fixed',
  currency: 'EUR',
  annual_rate: 4.5,
  term_days: 90,
  min_amount: 500,
  max_amount: null,
  enabled: true,
};

const mount = () => renderRoutes([{ path: '/', element: <SavingsProductsPage /> }], '/');
const type = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

beforeEach(() => {
  vi.mocked(listSavingsProducts).mockResolvedValue([FIXED]);
  vi.mocked(createSavingsProduct).mockImplementation(async (body) => ({ id: 9, ...body }));
  vi.mocked(updateSavingsProduct).mockImplementation(async (id, body) => ({ id, ...body }));
});
afterEach(() => vi.clearAllMocks());

describe('SavingsProductsPage', () => {
  it('lists products with kind and term, rate, currency, limits and status', async () => {
    mount();
    const table = await screen.findByRole('table', { name: 'Savings products' });
    expect(await within(table).findByText('Fixed · 90 days')).toBeTruthy();
    expect(within(table).getByText('Locked for 90 days')).toBeTruthy();
    expect(within(table).getByText('4.50%')).toBeTruthy();
    expect(within(table).getByText('€500.00 – no maximum')).toBeTruthy();
    expect(within(table).getByText('Open')).toBeTruthy();
  });

  it('refuses a fixed term that is not a multiple of 30 days, then creates the product', async () => {
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'New product' }));
    const dialog = await screen.findByRole('dialog', { name: 'New savings product' });
    type(dialog, 'Name', 'Quarterly saver');
    fireEvent.change(within(dialog).getByLabelText('Kind'), { target: { value: 'fixed' } });
    type(dialog, 'Term (days)', '45');
    type(dialog, 'Yearly rate (%)', '3.25');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create product' }));
    const term = within(dialog).getByLabelText('Term (days)');
    await waitFor(() => expect(term.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(term.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('Enter a term in multiples of 30 days (30, 60, 90…)');
    expect(message?.className).toContain('text-destructive');
    expect(createSavingsProduct).not.toHaveBeenCalled();

    type(dialog, 'Term (days)', '120');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create product' }));
    await waitFor(() =>
      expect(createSavingsProduct).toHaveBeenCalledWith({
        name: 'Quarterly saver',
        description: '',
        kind: 'fixed',
        currency: 'USD',
        annual_rate: 3.25,
        term_days: 120,
        min_amount: 100,
        max_amount: null,
        enabled: true,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks for the missing fields in plain words', async () => {
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'New product' }));
    const dialog = await screen.findByRole('dialog', { name: 'New savings product' });
    fireEvent.change(within(dialog).getByLabelText('Kind'), { target: { value: 'fixed' } });
    type(dialog, 'Minimum amount', '500');
    type(dialog, 'Maximum amount', '100');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create product' }));
    expect(await within(dialog).findByText('Enter a name of 2 to 80 characters')).toBeTruthy();
    expect(within(dialog).getByText('Enter a yearly rate from 0 to 100%')).toBeTruthy();
    expect(within(dialog).getByLabelText('Term (days)').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('The maximum must be at least the minimum')).toBeTruthy();
  });

  it('edits a product; turning it flexible drops the term', async () => {
    mount();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit 90-day deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit 90-day deposit' });
    expect((within(dialog).getByLabelText('Term (days)') as HTMLInputElement).value).toBe('90');
    fireEvent.change(within(dialog).getByLabelText('Kind'), { target: { value: 'flexible' } });
    expect(within(dialog).queryByLabelText('Term (days)')).toBeNull();
    fireEvent.click(within(dialog).getByLabelText('Open to new subscriptions'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save product' }));
    await waitFor(() =>
      expect(updateSavingsProduct).toHaveBeenCalledWith(2, {
        name: '90-day deposit',
        description: 'Locked for 90 days',
        kind: 'flexible',
        currency: 'EUR',
        annual_rate: 4.5,
        term_days: null,
        min_amount: 500,
        max_amount: null,
        enabled: false,
      }),
    );
  });
});
