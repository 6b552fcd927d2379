import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccountSummary, getTrades } from '@/api/trading';
import { TradeDialogsHost } from './TradeDialogsHost';
import { page, renderWithApp, resetMarket, seedMarket, summary } from './testing';
import { useTradeDialogs } from './tradeDialogsStore';

vi.mock('@/api/trading');

const typeInto = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const text = (testId: string) => screen.getByTestId(testId).textContent;

function openCalculator() {
  renderWithApp(<TradeDialogsHost />);
  act(() => useTradeDialogs.getState().openDialog({ kind: 'calculator', assetId: null }));
}

describe('profit calculator (SPEC §5, §9)', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    seedMarket();
    vi.mocked(getAccountSummary).mockResolvedValue(summary());
    vi.mocked(getTrades).mockResolvedValue(page());
  });
  afterEach(() => {
    act(() => useTradeDialogs.setState(useTradeDialogs.getInitialState(), true));
    resetMarket();
  });

  it("gives SPEC's four messages word for word", async () => {
    openCalculator();
    typeInto('Volume (units)', '0');
    typeInto('Entry price', '-1');
    typeInto('Take profit', '-1');
    typeInto('Stop loss', '-0.5');
    fireEvent.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByText('Volume must be a positive number')).toBeTruthy();
    expect(screen.getByText('Entry price must be a positive number')).toBeTruthy();
    expect(screen.getByText('Take profit must be a non-negative number')).toBeTruthy();
    expect(screen.getByText('Stop loss must be a non-negative number')).toBeTruthy();
    expect(text('calc-margin')).toBe('—');
  });

  it('starts at 1,000 units at the ask', () => {
    openCalculator();
    expect(screen.getByLabelText<HTMLInputElement>('Volume (units)').value).toBe('1000');
    expect(screen.getByLabelText<HTMLInputElement>('Entry price').value).toBe('1.10011');
  });

  it('works margin, pip value, profit and ROE for a buy of 100,000 at 1.1 with leverage 100', async () => {
    openCalculator();
    typeInto('Volume (units)', '100000');
    typeInto('Entry price', '1.1');
    typeInto('Take profit', '1.11');
    typeInto('Stop loss', '1.095');
    await waitFor(() => expect(text('calc-margin')).toBe('$1,100.00'));
    expect(text('calc-pip')).toBe('$10.00');
    expect(text('calc-tp')).toBe('$1,000.00 (ROE +90.91%)');
    expect(text('calc-sl')).toBe('-$500.00 (ROE -45.45%)');
  });

  it('reverses the signs for a sell', async () => {
    openCalculator();
    fireEvent.click(screen.getByRole('button', { name: 'Sell' }));
    typeInto('Volume (units)', '100000');
    typeInto('Entry price', '1.1');
    typeInto('Take profit', '1.09');
    typeInto('Stop loss', '1.105');
    await waitFor(() => expect(text('calc-tp')).toBe('$1,000.00 (ROE +90.91%)'));
    expect(text('calc-sl')).toBe('-$500.00 (ROE -45.45%)');
  });

  it('suggests TP and SL 0.1% from the entry, reversed for a sell', () => {
    openCalculator();
    typeInto('Entry price', '1.1');
    fireEvent.click(screen.getByRole('button', { name: 'Use suggested TP 0.1%' }));
    fireEvent.click(screen.getByRole('button', { name: 'Use suggested SL 0.1%' }));
    expect(screen.getByLabelText<HTMLInputElement>('Take profit').value).toBe('1.1011');
    expect(screen.getByLabelText<HTMLInputElement>('Stop loss').value).toBe('1.0989');
    fireEvent.click(screen.getByRole('button', { name: 'Sell' }));
    fireEvent.click(screen.getByRole('button', { name: 'Use suggested TP 0.1%' }));
    expect(screen.getByLabelText<HTMLInputElement>('Take profit').value).toBe('1.0989');
  });

  it('leaves an unset level without an outcome', async () => {
    openCalculator();
    typeInto('Volume (units)', '1000');
    typeInto('Entry price', '1.1');
    await waitFor(() => expect(text('calc-margin')).toBe('$11.00'));
    expect(text('calc-tp')).toBe('—');
    expect(text('calc-sl')).toBe('—');
  });
});
