import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/client';
import { httpError, networkError, ok } from '@/test/http';
import { SAMPLE_TIMEOUT_MS, sampleServerTime } from './diagnosticsApi';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sampleServerTime', () => {
  it('times GET /time and puts the server reading at the middle of the round trip', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(10_000);
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => {
      clock += 100;
      return clock;
    });
    const get = vi.spyOn(api, 'get').mockResolvedValue(ok({ data: { now: '', epoch_ms: 12_050 } }));
    const sample = await sampleServerTime();
    expect(get).toHaveBeenCalledWith('/time', { timeout: SAMPLE_TIMEOUT_MS });
    // Sent at 10,000 ms, answered 100 ms later: the server read its clock at about 10,050.
    expect(sample).toEqual({ ok: true, status: 200, rttMs: 100, offsetMs: 2_000 });
  });

  it('turns failures into samples with the status when there is one', async () => {
    vi.spyOn(api, 'get').mockRejectedValueOnce(httpError(503, {})).mockRejectedValueOnce(networkError());
    expect(await sampleServerTime()).toEqual({ ok: false, status: 503, error: 'HTTP 503' });
    expect(await sampleServerTime()).toEqual({ ok: false, status: null, error: 'No answer' });
  });
});
