import type { FinancialAnswers, FinancialProfileStatus } from '@openbroker/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { useSettingsStore } from '@/stores/settingsStore';
import { siteSettings } from '@/test/fixtures';
import { httpError, ok } from '@/test/http';
import { renderRoutes } from '@/test/render';
import { FinancialProfilePage } from './FinancialProfilePage';
import { RISK_WARNING_TITLE } from './RiskWarning';

const EMPTY: FinancialProfileStatus = {
  profile: null,
  completed: false,
  approval_requires_verification: false,
};

function renderPage(status: FinancialProfileStatus = EMPTY) {
  vi.spyOn(api, 'get').mockResolvedValue(ok({ data: status }));
  return renderRoutes(
    [
      { path: '/onboarding/profile', element: <FinancialProfilePage /> },
      { path: '/onboarding/id-check', element: <p>ID check step</p> },
      { path: '/main', element: <p>Main</p> },
    ],
    '/onboarding/profile',
  );
}

function choose(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Fills every question; `knowledgeRight` decides whether the knowledge answers are correct. */
function fillAll(knowledgeRight: boolean) {
  choose('Employment status', 'employed');
  choose('Industry', 'technology');
  choose('Annual income', '50k_100k');
  choose('Savings and investments (net worth)', '10k_50k');
  fireEvent.click(screen.getByLabelText('Salary'));
  choose('Forex and CFDs', 'none');
  choose('Stocks', 'none');
  choose('Crypto', 'none');
  choose('How often do you trade?', 'never');
  choose('Why do you want to trade?', 'learning');
  const right = { leverage_loss: 'b', margin_close: 'a', cfd_ownership: 'b', stop_loss: 'b' };
  for (const [q, a] of Object.entries(right)) {
    const pick = knowledgeRight ? a : 'c';
    fireEvent.click(document.getElementById(`profile-${q}-${pick}`) as HTMLElement);
  }
}

function saved(answers: FinancialAnswers, band: 'low' | 'appropriate'): FinancialProfileStatus {
  return {
    completed: true,
    approval_requires_verification: false,
    profile: {
      answers,
      band,
      score: band === 'low' ? 0 : 8,
      risk_acknowledged_at: null,
      completed_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    },
  };
}

describe('financial profile (/onboarding/profile)', () => {
  beforeEach(() => {
    useSettingsStore.setState({ settings: siteSettings(), initialized: true, error: null });
  });

  it('shows step 2 of the three-step bar active, and a way to continue later', async () => {
    renderPage();
    await screen.findByTestId('financial-profile-form');
    const steps = screen.getAllByRole('listitem');
    expect(steps.map((s) => s.getAttribute('data-state'))).toEqual(['done', 'active', 'upcoming']);
    expect(screen.getByTestId('continue-later').getAttribute('href')).toBe('/main');
  });

  it('names every unanswered question and sends nothing', async () => {
    const put = vi.spyOn(api, 'put');
    renderPage();
    fireEvent.submit(await screen.findByTestId('financial-profile-form'));
    expect((await screen.findAllByText('Please choose an answer.')).length).toBeGreaterThan(5);
    expect(screen.getByText('Choose at least one source of funds.')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });

  it('an appropriate score is saved straight away and goes on to the ID check', async () => {
    const put = vi
      .spyOn(api, 'put')
      .mockImplementation(async (_url, body) => ok({ data: saved(body as FinancialAnswers, 'appropriate') }));
    const { router } = renderPage();
    await screen.findByTestId('financial-profile-form');
    fillAll(true);
    fireEvent.submit(screen.getByTestId('financial-profile-form'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/id-check'));
    expect(screen.queryByText(RISK_WARNING_TITLE)).toBeNull();
    expect(put).toHaveBeenCalledWith(
      '/profile/financial',
      expect.objectContaining({ risk_acknowledged: false }),
    );
  });

  it('a low score shows the risk warning; continuing needs the box ticked, then sends the acknowledgement', async () => {
    const put = vi
      .spyOn(api, 'put')
      .mockImplementation(async (_url, body) => ok({ data: saved(body as FinancialAnswers, 'low') }));
    const { router } = renderPage();
    await screen.findByTestId('financial-profile-form');
    fillAll(false);
    fireEvent.submit(screen.getByTestId('financial-profile-form'));

    const warning = await screen.findByTestId('risk-warning');
    expect(warning.textContent).toContain(RISK_WARNING_TITLE);
    expect(put).not.toHaveBeenCalled();
    expect(screen.queryByTestId('profile-submit')).toBeNull();
    const go = screen.getByTestId('risk-ack-continue');
    expect(go.hasAttribute('disabled')).toBe(true);
    fireEvent.click(go);
    expect(put).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('risk-ack-checkbox'));
    expect(go.hasAttribute('disabled')).toBe(false);
    fireEvent.click(go);
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/id-check'));
    expect(put).toHaveBeenCalledTimes(1);
    expect(put).toHaveBeenCalledWith(
      '/profile/financial',
      expect.objectContaining({ risk_acknowledged: true }),
    );
  });

  it('changing an answer after the warning takes it away until the next submit', async () => {
    renderPage();
    await screen.findByTestId('financial-profile-form');
    fillAll(false);
    fireEvent.submit(screen.getByTestId('financial-profile-form'));
    await screen.findByTestId('risk-warning');
    fireEvent.click(document.getElementById('profile-leverage_loss-b') as HTMLElement);
    expect(screen.queryByTestId('risk-warning')).toBeNull();
    expect(screen.getByTestId('profile-submit')).toBeTruthy();
  });

  it('shows the server’s 422 beside the field and stays', async () => {
    vi.spyOn(api, 'put').mockRejectedValue(
      httpError(422, {
        message: 'Please tell us where the funds come from.',
        code: 'VALIDATION_FAILED',
        errors: { industry: ['Please choose an answer.'] },
      }),
    );
    const { router } = renderPage();
    await screen.findByTestId('financial-profile-form');
    fillAll(true);
    fireEvent.submit(screen.getByTestId('financial-profile-form'));
    expect(await screen.findByText('Please tell us where the funds come from.')).toBeTruthy();
    expect(document.getElementById('profile-industry-error')?.textContent).toBe('Please choose an answer.');
    expect(router.state.location.pathname).toBe('/onboarding/profile');
  });

  it('starts from the answers given before', async () => {
    const answers: FinancialAnswers = {
      employment_status: 'retired',
      industry: 'other',
      annual_income: 'under_25k',
      net_worth: 'over_1m',
      source_of_funds: ['other'],
      source_of_funds_other: 'Pension',
      experience: { forex_cfds: 'over_3y', stocks: 'none', crypto: 'none' },
      trading_frequency: 'daily',
      purpose: 'income',
      knowledge: { leverage_loss: 'b', margin_close: 'a', cfd_ownership: 'b', stop_loss: 'b' },
    };
    renderPage(saved(answers, 'appropriate'));
    await screen.findByTestId('financial-profile-form');
    expect((screen.getByLabelText('Employment status') as HTMLSelectElement).value).toBe('retired');
    expect((screen.getByLabelText('Other source of funds') as HTMLInputElement).value).toBe('Pension');
  });
});
