import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PricesClient, PricesConnectionState } from '@/realtime/pricesSocket';
import { useRealtimeStore } from '@/realtime/realtimeSocket';
import { createPriceStore } from '@/stores/priceStore';
import { renderRoutes, toastTexts } from '@/test/render';
import type { ApiSample } from './diagnosticsApi';
import { COPIED_TOAST } from './ReportActions';
import { TestPage } from './TestPage';

const sampleApi = vi.hoisted(() => vi.fn<(count: number) => Promise<ApiSample[]>>());
vi.mock('./diagnosticsApi', () => ({ sampleApi }));

const answers = (offsetMs: number): ApiSample[] =>
  [30, 35, 40, 45, 50].map((rttMs) => ({ ok: true, status: 200, rttMs, offsetMs }));

/** The price client as the page reads it: a state and its listeners, nothing else. */
function fakePrices(state: PricesConnectionState): PricesClient {
  return {
    getState: () => state,
    subscribeState: () => () => {},
    connect: vi.fn(),
    disconnect: vi.fn(),
    subscribeCandles: () => () => {},
  };
}

function mount(prices = fakePrices({ status: 'connected', error: null })) {
  return renderRoutes(
    [
      { path: '/main/test', element: <TestPage prices={prices} store={createPriceStore()} /> },
      { path: '/main/chat', element: <p>Support chat</p> },
    ],
    '/main/test',
  );
}

const card = (key: string) => screen.getByTestId(`check-${key}`);

describe('TestPage', () => {
  const writeText = vi.fn<(text: string) => Promise<void>>();

  beforeEach(() => {
    writeText.mockReset().mockResolvedValue();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    useRealtimeStore.setState({ status: 'connected', error: null });
  });
  afterEach(() => {
    sampleApi.mockReset();
    useRealtimeStore.setState({ status: 'disconnected', error: null });
  });

  it('has one heading and shows every check in words once the API answered', async () => {
    sampleApi.mockResolvedValue(answers(100));
    mount();
    expect(screen.getByRole('heading', { level: 1, name: 'Connection check' })).toBeTruthy();
    await waitFor(() => expect(within(card('api')).getByText('OK')).toBeTruthy());
    expect(sampleApi).toHaveBeenCalledWith(5);
    expect(within(card('api')).getByText('40 ms')).toBeTruthy();
    expect(within(card('prices')).getByText('Connected.')).toBeTruthy();
    expect(within(card('realtime')).getByText('WebSocket')).toBeTruthy();
    expect(within(card('clock')).getByText('Your device clock agrees with the server.')).toBeTruthy();
    expect(within(card('sound')).getByText('Not run yet')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('5 OK, 0 with a warning, 0 failed.');
  });

  it('shows an unreachable API as Failed, and a disconnected socket too', async () => {
    sampleApi.mockResolvedValue(
      Array.from({ length: 5 }, () => ({ ok: false, status: null, error: 'No answer' })),
    );
    mount(fakePrices({ status: 'failed', error: 'Connection failed' }));
    await waitFor(() => expect(within(card('api')).getByText('Failed')).toBeTruthy());
    expect(within(card('api')).getByText('Not reachable: No answer.')).toBeTruthy();
    expect(within(card('prices')).getByText('Failed')).toBeTruthy();
    expect(within(card('clock')).getByText('Not measured: the API did not answer.')).toBeTruthy();
  });

  it('warns when the device clock is more than two seconds off', async () => {
    sampleApi.mockResolvedValue(answers(-4_200));
    mount();
    await waitFor(() => expect(within(card('clock')).getByText('Warning')).toBeTruthy());
    expect(within(card('clock')).getByText(/Your device clock is 4\.2 s ahead of the server/)).toBeTruthy();
  });

  it('copies a plain-text report to the clipboard and points to the support chat', async () => {
    sampleApi.mockResolvedValue(answers(100));
    const { router } = mount();
    await waitFor(() => expect(within(card('api')).getByText('OK')).toBeTruthy());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy report' })));
    expect(writeText).toHaveBeenCalledOnce();
    const report = writeText.mock.calls[0]?.[0] ?? '';
    expect(report).toMatch(/^Connection check report\nDate: \d{4}-/);
    expect(report).toContain('API: OK — Reachable.');
    expect(report).toContain('Price socket (/prices): OK — Connected.');
    expect(report).toContain('Realtime link (/realtime): OK — Connected.');
    expect(report).toContain('Sound: Not run yet');
    await waitFor(() => expect(toastTexts().join()).toContain(COPIED_TOAST));
    fireEvent.click(screen.getByRole('link', { name: 'Open the support chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/chat'));
  });

  it('shows the report text when the clipboard refuses', async () => {
    sampleApi.mockResolvedValue(answers(100));
    writeText.mockRejectedValue(new Error('denied'));
    mount();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy report' })));
    const text = await screen.findByLabelText('Report text');
    expect((text as HTMLTextAreaElement).value).toContain('Connection check report');
  });

  it('runs the API calls again on request', async () => {
    sampleApi.mockResolvedValue(answers(100));
    mount();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Run again' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Run again' }));
    await waitFor(() => expect(sampleApi).toHaveBeenCalledTimes(2));
  });
});
