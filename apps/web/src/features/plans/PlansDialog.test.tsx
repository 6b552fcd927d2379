import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, TEST_SHARED_DATA } from '@/features/positions/testing';
import { useSessionStore } from '@/stores/sessionStore';
import { sessionUser } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { PlanBadge } from './PlanBadge';
import { PlansDialog } from './PlansDialog';
import { alignFeatures, isRecommended, NO_PLANS_MESSAGE, safeColor } from './planView';

const column = (title: string) => {
  const found = screen.getAllByTestId('plan-column').find((c) => c.dataset.plan === title);
  if (!found) throw new Error(`no column ${title}`);
  return found;
};

describe('Account Plans comparison (SPEC §1, §9)', () => {
  beforeEach(() => {
    useSessionStore.setState({ user: sessionUser({ account_type: null }), selectedAccountIndex: 0 });
  });

  it("labels 'Pro' Recommended and lines each plan's features up with the feature rows", async () => {
    fakeApi({});
    renderRoutes(
      [{ path: '*', element: <PlansDialog open onOpenChange={() => {}} currentTitle="Basic" /> }],
      '/',
    );
    await screen.findByTestId('plans-table');
    expect(screen.getByRole('heading', { name: 'Account Plans' })).toBeTruthy();
    expect(within(column('Pro')).getByText('Recommended')).toBeTruthy();
    expect(within(column('Basic')).queryByText('Recommended')).toBeNull();
    expect(within(column('VIP')).queryByText('Recommended')).toBeNull();
    expect(within(column('Basic')).getByText('Current plan')).toBeTruthy();
    expect(within(column('Pro')).queryByText('Current plan')).toBeNull();

    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Minimum deposit$250$5,000$25,000',
      'Maximum leverage1:1001:2001:500',
      // VIP sent no value for this row.
      'Expert AdvisorsNot includedIncluded—',
    ]);
  });

  it("shows 'No plans available. Please try again later.' when there are none", async () => {
    fakeApi({ shared: { currencies: [], plans: [], plan_features: [] } });
    renderRoutes(
      [{ path: '*', element: <PlansDialog open onOpenChange={() => {}} currentTitle="Basic" /> }],
      '/',
    );
    expect(await screen.findByText(NO_PLANS_MESSAGE)).toBeTruthy();
    expect(NO_PLANS_MESSAGE).toBe('No plans available. Please try again later.');
  });

  it("badges the user's plan, 'Basic' by default, and opens the comparison from it", async () => {
    fakeApi({});
    renderRoutes([{ path: '*', element: <PlanBadge /> }], '/');
    const badge = screen.getByTestId('plan-badge');
    expect(badge.textContent).toBe('Basic');
    fireEvent.click(badge);
    await screen.findByTestId('plans-table');
    expect(within(column('Basic')).getByText('Current plan')).toBeTruthy();
  });

  it("shows the user's own plan title", () => {
    useSessionStore.setState({
      user: sessionUser({
        account_type: { id: 3, title: 'VIP', color: '#d4a017', icon: 'crown', image: null, leverage: 500 },
      }),
    });
    fakeApi({});
    renderRoutes([{ path: '*', element: <PlanBadge /> }], '/');
    expect(screen.getByTestId('plan-badge').textContent).toBe('VIP');
  });
});

describe('plan view rules', () => {
  const [basic, pro, vip] = TEST_SHARED_DATA.plans;
  if (!basic || !pro || !vip) throw new Error('fixtures');

  it("takes the server's recommended flag, else 'Pro' by title", () => {
    expect(isRecommended(pro, [basic, pro, vip])).toBe(true);
    expect(isRecommended(vip, [basic, pro, vip])).toBe(false);
    const unflagged = [basic, { ...pro, recommended: false }, vip];
    expect(unflagged.filter((p) => isRecommended(p, unflagged)).map((p) => p.title)).toEqual(['Pro']);
    const staffChoice = [basic, { ...pro, recommended: false }, { ...vip, recommended: true }];
    expect(staffChoice.filter((p) => isRecommended(p, staffChoice)).map((p) => p.title)).toEqual(['VIP']);
  });

  it('aligns features by position and fills gaps', () => {
    expect(alignFeatures(vip, TEST_SHARED_DATA.plan_features)).toEqual(['$25,000', '1:500', '—']);
    expect(alignFeatures({ ...basic, features: ['$1', '  '] }, TEST_SHARED_DATA.plan_features)).toEqual([
      '$1',
      '—',
      '—',
    ]);
  });

  it('uses only plain CSS colours from the server', () => {
    expect(safeColor('#2563eb')).toBe('#2563eb');
    expect(safeColor('rgb(1, 2, 3)')).toBe('rgb(1, 2, 3)');
    expect(safeColor('red; background: url(x)')).toBeUndefined();
    expect(safeColor(null)).toBeUndefined();
  });
});
