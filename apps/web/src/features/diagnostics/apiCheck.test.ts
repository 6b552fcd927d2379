import { describe, expect, it } from 'vitest';
import { CLOCK_WARNING_MS, median, summarizeApi, summarizeClock } from './apiCheck';
import type { ApiSample } from './diagnosticsApi';

const answer = (rttMs: number, offsetMs = 0): ApiSample => ({ ok: true, status: 200, rttMs, offsetMs });
const refusal = (status: number | null, error: string): ApiSample => ({ ok: false, status, error });

describe('summarizeApi', () => {
  it('is pending while the calls run', () => {
    expect(summarizeApi(null)).toMatchObject({ level: 'pending', summary: 'Checking…' });
  });

  it('reports the median latency and the status code', () => {
    const check = summarizeApi([answer(40), answer(400), answer(30), answer(50), answer(45)]);
    expect(check.level).toBe('ok');
    expect(check.rows).toEqual([
      { label: 'Reachable', value: 'yes' },
      { label: 'Latency (median of 5)', value: '45 ms' },
      { label: 'Status code', value: '200' },
    ]);
  });

  it('fails when no call answers, with the reason', () => {
    const check = summarizeApi([refusal(null, 'No answer'), refusal(502, 'HTTP 502')]);
    expect(check.level).toBe('failed');
    expect(check.summary).toBe('Not reachable: No answer, HTTP 502.');
    expect(check.rows).toContainEqual({ label: 'Status code', value: '502' });
  });

  it('warns when some calls fail or the median is slow', () => {
    expect(summarizeApi([answer(40), refusal(null, 'Timed out')]).level).toBe('warning');
    expect(summarizeApi([answer(1_500), answer(1_200), answer(1_300)])).toMatchObject({
      level: 'warning',
      summary: 'Reachable, but slow.',
    });
  });
});

describe('summarizeClock', () => {
  it('uses the quickest answer, and agrees within the threshold', () => {
    const check = summarizeClock([answer(300, 9_000), answer(20, 150), answer(80, 4_000)]);
    expect(check.level).toBe('ok');
    expect(check.rows[0]?.value).toBe('+150 ms (server minus device)');
    expect(check.rows[1]?.value).toBe('± 10 ms');
  });

  it('warns beyond two seconds, saying which way the device is off', () => {
    expect(summarizeClock([answer(20, CLOCK_WARNING_MS + 1_000)]).summary).toMatch(
      /^Your device clock is 3\.0 s behind the server\./,
    );
    const ahead = summarizeClock([answer(20, -90_000)]);
    expect(ahead.level).toBe('warning');
    expect(ahead.summary).toMatch(/1 min 30 s ahead of the server/);
  });

  it('fails when nothing answered', () => {
    expect(summarizeClock([refusal(null, 'No answer')]).level).toBe('failed');
  });
});

describe('median', () => {
  it('averages the middle pair of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
