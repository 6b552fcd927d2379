import type { CalendarImportResult } from '@openbroker/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { httpError, ok } from '@/test/http';
import { renderRoutes, toastTexts } from '@/test/render';
import { ImportDialog } from './ImportDialog';

afterEach(() => vi.restoreAllMocks());

const PREVIEW: CalendarImportResult = {
  format: 'csv',
  dry_run: true,
  total: 3,
  valid: 1,
  imported: 0,
  rows: [
    {
      row: 2,
      status: 'ok',
      event: {
        time: '2026-01-12T13:30:00.000Z',
        country: 'US',
        currency: 'USD',
        title: 'Core CPI m/m',
        importance: 1,
        actual: null,
        forecast: '0.3%',
        previous: '0.2%',
      },
      errors: [],
    },
    { row: 3, status: 'error', event: null, errors: ['Country must be a two-letter code, e.g. US or EU'] },
    {
      row: 4,
      status: 'duplicate',
      event: {
        time: '2026-01-12T13:30:00.000Z',
        country: 'US',
        currency: 'USD',
        title: 'Core CPI m/m',
        importance: 1,
        actual: null,
        forecast: null,
        previous: null,
      },
      errors: ['Already in the calendar (same time, currency and title)'],
    },
  ],
};

function mount(onOpenChange = vi.fn()) {
  renderRoutes([{ path: '/', element: <ImportDialog open onOpenChange={onOpenChange} /> }], '/');
  return onOpenChange;
}

function choose(name = 'week.csv', content = 'datetime,title\n') {
  const file = new File([content], name, { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText('CSV or iCalendar file'), { target: { files: [file] } });
  return file;
}

describe('ImportDialog', () => {
  it('checks the file first (dry run), shows every row with its problems, then imports the good ones', async () => {
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValueOnce(ok({ data: PREVIEW }))
      .mockResolvedValueOnce(ok({ data: { ...PREVIEW, dry_run: false, imported: 1 } }));
    const onOpenChange = mount();
    expect(screen.getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(true);
    const file = choose();
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));

    const table = await screen.findByRole('table', { name: 'Import preview' });
    expect(post).toHaveBeenCalledWith('/admin/calendar/import', expect.any(FormData), {
      params: { dry_run: 1 },
    });
    const sent = post.mock.calls[0]?.[1] as FormData;
    expect(sent.get('file')).toBe(file);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]?.textContent).toContain('Ready');
    expect(rows[1]?.textContent).toContain('2026-01-12 13:30 UTC');
    expect(rows[2]?.textContent).toContain('Country must be a two-letter code');
    expect(rows[3]?.textContent).toContain('Duplicate');
    expect(screen.getByRole('status').textContent).toBe(
      '3 rows in this CSV file: 1 ready to import, 1 with errors, 1 already in the calendar.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Import 1 event' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(post).toHaveBeenLastCalledWith('/admin/calendar/import', expect.any(FormData), { params: {} });
    await waitFor(() => expect(toastTexts().join()).toContain('1 event imported'));
  });

  it("shows the server's reason when the file cannot be read, and refuses files over 1 MB before sending", async () => {
    const post = vi.spyOn(api, 'post').mockRejectedValue(
      httpError(422, {
        message: 'The given data was invalid.',
        code: 'VALIDATION_FAILED',
        errors: { file: ['The header row lacks title.'] },
      }),
    );
    mount();
    choose();
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The header row lacks title.');

    choose('huge.csv', 'x'.repeat(1024 * 1024 + 1));
    expect(screen.getByRole('alert').textContent).toContain('The file can be at most 1 MB.');
    expect(screen.getByRole('button', { name: 'Check file' }).hasAttribute('disabled')).toBe(true);
    expect(post).toHaveBeenCalledTimes(1);
  });
});
