import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CalendarEventOut, CalendarImportResult } from '@openbroker/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/testApp.ts';
import { multipartBody } from '../../chat/chatTestSupport.ts';
import { auditRows, bearer, call } from '../testSupport.ts';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));

let t: TestContext;
let staff: string;
let support: string;

beforeAll(async () => {
  t = await createTestContext({}, { start: new Date('2026-01-07T12:00:00Z') });
  staff = (await t.signIn('staff')).token;
  support = (await t.signIn('staff', undefined, ['support'])).token;
});
afterAll(() => t.close());

function upload(fileName: string, content: Buffer | string, query = '', token = staff) {
  const { payload, headers } = multipartBody([
    { name: 'file', fileName, contentType: 'text/plain', content },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/calendar/import${query}`,
    payload,
    headers: { ...headers, ...bearer(token) },
  });
}

const all = async () =>
  (await call(t, 'GET', '/admin/calendar?per_page=200', staff)).json<{ data: CalendarEventOut[] }>().data;

describe('calendar import', () => {
  it('previews a CSV with per-row errors and imports nothing on a dry run', async () => {
    const res = await upload('week.csv', fixture('week.csv'), '?dry_run=1');
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<{ data: CalendarImportResult }>().data;
    expect(result).toMatchObject({ format: 'csv', dry_run: true, total: 8, valid: 4, imported: 0 });
    const byRow = new Map(result.rows.map((r) => [r.row, r]));
    expect(byRow.get(2)?.event).toEqual({
      time: '2026-01-12T13:30:00.000Z',
      country: 'US',
      currency: 'USD',
      title: 'Core CPI m/m',
      importance: 1,
      actual: null,
      forecast: '0.3%',
      previous: '0.2%',
    });
    expect(byRow.get(3)?.event).toMatchObject({
      time: '2026-01-12T06:00:00.000Z',
      title: 'Final CPI m/m, revised',
    });
    expect(byRow.get(4)?.event).toMatchObject({ country: 'GB', currency: 'GBP', importance: 0 });
    expect(byRow.get(5)?.event).toMatchObject({ country: 'EU', currency: 'EUR', importance: -1 });
    expect(byRow.get(6)).toMatchObject({ status: 'error' });
    expect(byRow.get(6)?.errors[0]).toMatch(/^Datetime must be ISO 8601/);
    expect(byRow.get(7)?.errors).toEqual([
      'Importance must be -1, 0, 1 or low, medium, high',
      'Country must be a two-letter code, e.g. US or EU',
    ]);
    expect(byRow.get(8)?.errors).toEqual(['Title is required']);
    // The same event twice in one file: the second is a duplicate.
    expect(byRow.get(9)?.status).toBe('duplicate');
    expect(await all()).toEqual([]);
  });

  it('imports the good rows, audits the count, and skips them as duplicates the next time', async () => {
    const res = await upload('week.csv', fixture('week.csv'));
    expect(res.json().data).toMatchObject({ dry_run: false, valid: 4, imported: 4 });
    const events = await all();
    expect(events).toHaveLength(4);
    expect(events.every((e) => !e.is_demo)).toBe(true);
    const [audit] = await auditRows(t, 'calendar.import');
    expect(audit?.after).toEqual({ count: 4, file: 'week.csv', format: 'csv', skipped: 4 });

    const again = await upload('week.csv', fixture('week.csv'));
    expect(again.json().data).toMatchObject({ valid: 0, imported: 0 });
    expect(await all()).toHaveLength(4);
  });

  it('reads date, time and zone columns (daylight saving included) and semicolons', async () => {
    const res = await upload('zoned.csv', fixture('zoned.csv'), '?dry_run=1');
    const rows = res.json<{ data: CalendarImportResult }>().data.rows;
    expect(rows.map((r) => r.event?.time ?? r.errors[0])).toEqual([
      '2026-01-15T13:30:00.000Z',
      '2026-07-15T12:30:00.000Z',
      '2026-01-16T08:00:00.000Z',
      'Time must be HH:MM, e.g. 13:30 (got "25:00")',
    ]);
    expect(rows[0]?.event?.currency).toBe('USD');
  });

  it('reads an iCalendar file: unfolded lines, TZID, whole days, currency in the summary', async () => {
    const res = await upload('releases.ics', fixture('releases.ics'), '?dry_run=1');
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<{ data: CalendarImportResult }>().data;
    expect(result).toMatchObject({ format: 'ics', total: 5, valid: 3 });
    const [nfp, boe, holiday, broken, mystery] = result.rows;
    expect(nfp?.event).toEqual({
      time: '2026-01-09T13:30:00.000Z',
      country: 'US',
      currency: 'USD',
      title: 'Non-Farm Employment Change',
      importance: 1,
      actual: null,
      forecast: '180K',
      previous: '227K',
    });
    expect(boe?.event).toMatchObject({
      time: '2026-02-05T12:00:00.000Z',
      country: 'GB',
      currency: 'GBP',
      title: 'Official Bank Rate',
      importance: 1,
    });
    expect(holiday?.event).toMatchObject({
      time: '2026-01-19T00:00:00.000Z',
      country: 'US',
      currency: 'USD',
    });
    expect(broken?.errors[0]).toMatch(/^DTSTART must be like/);
    expect(mystery?.status).toBe('error');
    const imported = await upload('releases.ics', fixture('releases.ics'));
    expect(imported.json().data.imported).toBe(3);
  });

  it('refuses a missing file, a file over 1 MB, binary content and a CSV without its columns', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/calendar/import',
      payload: {},
      headers: bearer(staff),
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.file[0]).toMatch(/Attach one CSV or .ics file/);
    const big = await upload('big.csv', `datetime,title\n${'x'.repeat(1024 * 1024)}`);
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
    const binary = await upload('x.csv', Buffer.from([0xff, 0xfe, 0x00, 0x41]));
    expect(binary.statusCode).toBe(422);
    const headerless = await upload('x.csv', 'when,what\n2026-01-01,x\n');
    expect(headerless.statusCode).toBe(422);
    expect(headerless.json().errors.file[0]).toMatch(
      /^The header row lacks datetime \(or date and time\) and title/,
    );
    const notIcs = await upload('x.ics', 'hello');
    expect(notIcs.json().errors.file).toEqual(['The file is not an iCalendar file (no BEGIN:VCALENDAR).']);
  });

  it('is for content.write only', async () => {
    expect((await upload('week.csv', fixture('week.csv'), '', support)).statusCode).toBe(403);
  });
});
