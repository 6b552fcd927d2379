import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { fakeApi } from '@/features/positions/testing';
import { testAsset } from '@/stores/assetFixtures';
import { useAssetStore } from '@/stores/assetStore';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { ok } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { MainHeader } from './MainHeader';

const EURUSD = testAsset({ id: 13, symbol: 'EURUSD', sy: 'EUR/USD', name: 'Euro / US Dollar' });
const BTC = testAsset({ id: 11, symbol: 'BTCUSD', sy: 'BTC/USD', name: 'Bitcoin', type: 'crypto' });

function mount() {
  return renderRoutes(
    [
      { path: '/main/dashboard', element: <MainHeader /> },
      { path: '/mt4', element: <p>terminal</p> },
    ],
    '/main/dashboard',
  );
}

describe('main-app header (SPEC §2)', () => {
  beforeEach(() => {
    useSessionStore.setState({ user: sessionUser({ account_type: null }), selectedAccountIndex: 0 });
    useAssetStore.setState({
      assets: [EURUSD, BTC],
      status: 'loaded',
      activeAsset: BTC,
      activePairs: [BTC],
      activePair: 'BTC/USD',
    });
  });

  it('has the plan badge (Basic by default), the account dropdown and Deposit to /main/deposit', () => {
    fakeApi({});
    mount();
    expect(screen.getByTestId('plan-badge').textContent).toBe('Basic');
    expect(screen.getByTestId('account-menu-trigger')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe('/main/deposit');
  });

  it('opens an instrument from the market-watch search as a pair in the terminal', async () => {
    // happy-dom lays nothing out; give the virtual list a viewport to fill.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
    fakeApi({});
    const { router } = mount();
    fireEvent.click(screen.getByRole('button', { name: 'Search markets' }));
    const drawer = await screen.findByTestId('market-search');
    fireEvent.change(within(drawer).getByLabelText('Search instruments'), { target: { value: 'eur' } });
    await waitFor(() => expect(within(drawer).getAllByTestId('market-search-row')).toHaveLength(1));
    fireEvent.click(within(drawer).getByTestId('market-search-row'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/mt4'));
    const assets = useAssetStore.getState();
    expect(assets.activeAsset?.id).toBe(EURUSD.id);
    expect(assets.activePairs.map((p) => p.id)).toEqual([BTC.id, EURUSD.id]);
  });

  it('keeps working when the live account figures cannot be shown', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // A trade list that is not a page at all.
    vi.spyOn(api, 'get').mockResolvedValue(ok({ data: 'nonsense' }));
    mount();
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Account dropdown failed', expect.anything(), expect.anything()),
    );
    expect(screen.queryByTestId('account-menu-trigger')).toBeNull();
    expect(screen.getByRole('link', { name: 'Deposit' })).toBeTruthy();
    expect(screen.getByTestId('plan-badge')).toBeTruthy();
  });
});
