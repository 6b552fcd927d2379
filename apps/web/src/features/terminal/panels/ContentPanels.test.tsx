import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CalendarEvent, NewsItem } from '@/api/content';
import { setFlagEmojiSupport } from '@/lib/flagEmoji';
import { renderWithApp, serveGet, visibleText } from '../testing';
import { CalendarPanel, flagOf, importanceBars, NewsPanel } from './ContentPanels';

const EVENT: CalendarEvent = {
  id: 1,
  time: '2025-03-04T13:30:00.000Z',
  country: 'US',
  currency: 'USD',
  title: 'Non-Farm Payrolls',
  importance: 1,
  actual: '275K',
  forecast: '200K',
  previous: null,
};

const NEWS: NewsItem = {
  id: 7,
  title: 'Dollar firms as yields edge higher',
  summary: 'The greenback gained against most majors.',
  source: 'OpenBroker Markets Desk',
  url: 'https://example.com/story',
  published_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  symbols: ['EUR/USD'],
};

describe('CALENDAR panel (SPEC §2, §9)', () => {
  afterEach(() => setFlagEmojiSupport(null));

  it('maps importance −1…1 to 1…3 bars and country codes to flags', () => {
    expect([-1, 0, 1].map(importanceBars)).toEqual([1, 2, 3]);
    expect(flagOf('us')).toBe('🇺🇸');
    expect(flagOf('EU')).toBe('🇪🇺');
    expect(flagOf('USA')).toBeNull();
  });

  it('shows time, country, currency, title, importance and the three figures', async () => {
    setFlagEmojiSupport(true);
    serveGet({
      '/calendar': [
        EVENT,
        { ...EVENT, id: 2, importance: -1, title: 'Factory Orders', country: 'DE', currency: 'EUR' },
      ],
    });
    renderWithApp(<CalendarPanel />);
    const title = await screen.findByText('Non-Farm Payrolls');
    const row = title.closest('li');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('US')).toBeTruthy();
    expect(within(row).getByText('USD')).toBeTruthy();
    expect(row.textContent).toContain('🇺🇸');
    expect(within(row).getByRole('img', { name: 'High importance' })).toBeTruthy();
    expect(visibleText(row)).toMatch(/Actual\s*275K/);
    expect(visibleText(row)).toMatch(/Forecast\s*200K/);
    expect(visibleText(row)).toMatch(/Previous\s*—/);
    expect(screen.getByRole('img', { name: 'Low importance' })).toBeTruthy();
  });

  it('has loading, error (with Retry) and empty states', async () => {
    let answer: unknown = new Error('down');
    serveGet({ '/calendar': () => answer });
    renderWithApp(<CalendarPanel />);
    expect(screen.getByText('Loading calendar...')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load the economic calendar')).toBeTruthy();
    answer = [];
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No economic events this week')).toBeTruthy();
  });
});

describe('MARKET NEWS panel (SPEC §2)', () => {
  it('shows title, source, time and summary, linking out when the story has a URL', async () => {
    serveGet({ '/news': [NEWS, { ...NEWS, id: 8, title: 'No link here', url: null }] });
    renderWithApp(<NewsPanel />);
    const link = await screen.findByRole('link', { name: /Dollar firms as yields edge higher/ });
    expect(link.getAttribute('href')).toBe('https://example.com/story');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getAllByText('OpenBroker Markets Desk')).toHaveLength(2);
    expect(screen.getAllByText('5m ago')).toHaveLength(2);
    expect(screen.getAllByText('The greenback gained against most majors.')).toHaveLength(2);
    expect(screen.getByText('No link here').closest('a')).toBeNull();
  });

  it('has error and empty states', async () => {
    let answer: unknown = new Error('down');
    serveGet({ '/news': () => answer });
    renderWithApp(<NewsPanel />);
    expect(screen.getByText('Loading news...')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load market news')).toBeTruthy();
    answer = [];
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('No market news right now')).toBeTruthy());
  });
});

describe('demo content marking', () => {
  it('badges each demo event and says atop the calendar that it is a sample', async () => {
    serveGet({
      '/calendar': [
        { ...EVENT, is_demo: true },
        { ...EVENT, id: 2, title: 'Staff-entered release', is_demo: false },
      ],
    });
    renderWithApp(<CalendarPanel />);
    const demoRow = (await screen.findByText('Non-Farm Payrolls')).closest('li');
    if (!demoRow) throw new Error('no row');
    expect(within(demoRow).getByText('Demo content')).toBeTruthy();
    const realRow = screen.getByText('Staff-entered release').closest('li');
    if (!realRow) throw new Error('no row');
    expect(within(realRow).queryByText('Demo content')).toBeNull();
    expect(screen.getByTestId('demo-note').textContent).toBe(
      'Sample calendar and headlines — your broker has not connected a live source yet.',
    );
  });

  it('badges demo headlines and shows no note once only real items remain', async () => {
    let answer: unknown = [{ ...NEWS, is_demo: true }];
    serveGet({ '/news': () => answer });
    const view = renderWithApp(<NewsPanel />);
    expect(await screen.findByText('Demo content')).toBeTruthy();
    expect(screen.getByTestId('demo-note')).toBeTruthy();
    view.unmount();
    answer = [{ ...NEWS, is_demo: false }];
    renderWithApp(<NewsPanel />);
    await screen.findAllByText('Dollar firms as yields edge higher');
    await waitFor(() => expect(screen.queryByTestId('demo-note')).toBeNull());
    expect(screen.queryByText('Demo content')).toBeNull();
  });
});
