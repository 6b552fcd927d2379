import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { toastTexts } from '@/test/render';
import { AlgoTrader } from './AlgoTrader';
import { renderWithApp, serveGet } from './testing';

const SHARED = (advisors: unknown[]) => ({
  currencies: [],
  plans: [],
  plan_features: [],
  expert_advisors: advisors,
});
const SCALPER = { id: 3, name: 'Scalper Pro', description: 'Fast in, fast out', type: 'expert_advisor' };
const TREND = { id: 4, name: 'Trend Rider', description: null, type: 'expert_advisor' };

/** Whether a toast on screen says `text`. */
const toasted = (text: string) => toastTexts().some((t) => t.includes(text));

describe('Algo Trader tree (SPEC §2 right sidebar, §4, §6)', () => {
  beforeEach(() => {
    useSessionStore.setState({ user: sessionUser({ eas: [3] }) });
  });
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
  });

  it("says 'No Expert Advisors available' when the shared data has none", async () => {
    const get = serveGet({ '/shared-data': SHARED([]) });
    renderWithApp(<AlgoTrader />);
    expect(await screen.findByText('No Expert Advisors available')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/shared-data');
  });

  it('lists the advisors under an Expert Advisors folder that folds', async () => {
    serveGet({ '/shared-data': SHARED([SCALPER, TREND, { id: 'bad' }]) });
    renderWithApp(<AlgoTrader />);
    expect(await screen.findByText('Scalper Pro')).toBeTruthy();
    expect(screen.getByText('Trend Rider')).toBeTruthy();
    const folder = screen.getByRole('button', { name: /Expert Advisors/ });
    expect(folder.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(folder);
    expect(screen.queryByText('Scalper Pro')).toBeNull();
    expect(folder.getAttribute('aria-expanded')).toBe('false');
  });

  it("dims an advisor not in the user's eas list and says why on click", async () => {
    serveGet({ '/shared-data': SHARED([SCALPER, TREND]) });
    renderWithApp(<AlgoTrader />);
    const trend = (await screen.findByText('Trend Rider')).closest('button');
    if (!trend) throw new Error('no button');
    expect(trend.getAttribute('aria-disabled')).toBe('true');
    expect(within(trend).getByLabelText('Not on your plan')).toBeTruthy();
    fireEvent.click(trend);
    await waitFor(() =>
      expect(
        toasted('This Expert Advisor is not available for your plan. Please upgrade to access it.'),
      ).toBe(true),
    );
  });

  it('an allowed advisor is Running by default and toggles Stopped/Running on click', async () => {
    serveGet({ '/shared-data': SHARED([SCALPER]) });
    renderWithApp(<AlgoTrader />);
    const scalper = (await screen.findByText('Scalper Pro')).closest('button');
    if (!scalper) throw new Error('no button');
    expect(scalper.getAttribute('aria-disabled')).toBeNull();
    expect(within(scalper).getByText('Running')).toBeTruthy();
    fireEvent.click(scalper);
    expect(within(scalper).getByText('Stopped')).toBeTruthy();
    await waitFor(() => expect(toasted('Expert Advisor stopped')).toBe(true));
    fireEvent.click(scalper);
    expect(within(scalper).getByText('Running')).toBeTruthy();
    await waitFor(() => expect(toasted('Expert Advisor started')).toBe(true));
  });

  it('offers Retry when the shared data fails', async () => {
    serveGet({ '/shared-data': new Error('down') });
    renderWithApp(<AlgoTrader />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load Expert Advisors')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
