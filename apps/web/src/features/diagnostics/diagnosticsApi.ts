import { isAxiosError } from 'axios';
import { api, type Envelope } from '@/api/client';
import { i18n } from '@/i18n/i18n';

/** `GET /time`: the server's clock (public, no database, so its latency is the network's). */
interface ServerTime {
  now: string;
  epoch_ms: number;
}

/** One timed call: its round trip and, when it answered, where the server's clock stood. */
export type ApiSample =
  | {
      ok: true;
      status: number;
      rttMs: number;
      /** Server time minus the browser's at the middle of the round trip (positive: server ahead). */
      offsetMs: number;
    }
  | { ok: false; status: number | null; error: string };

/** Shorter than the app's 15 s so five failing calls do not leave the customer waiting a minute. */
export const SAMPLE_TIMEOUT_MS = 5_000;

/** Times one `GET /time`; never throws, a failure is a sample too. */
export async function sampleServerTime(): Promise<ApiSample> {
  const sentAt = Date.now();
  const started = performance.now();
  try {
    const res = await api.get<Envelope<ServerTime>>('/time', { timeout: SAMPLE_TIMEOUT_MS });
    const rttMs = performance.now() - started;
    const epoch = res.data?.data?.epoch_ms;
    if (typeof epoch !== 'number')
      return { ok: false, status: res.status, error: i18n.t('account:diagnostics.api.unexpected') };
    // The server read its clock about halfway through the round trip.
    return { ok: true, status: res.status, rttMs, offsetMs: epoch - (sentAt + rttMs / 2) };
  } catch (error) {
    if (isAxiosError(error)) {
      const status = error.response?.status ?? null;
      const reason =
        error.code === 'ECONNABORTED'
          ? i18n.t('account:diagnostics.api.timedOut')
          : status
            ? i18n.t('account:diagnostics.api.http', { status })
            : i18n.t('account:diagnostics.api.noAnswerCap');
      return { ok: false, status, error: reason };
    }
    return {
      ok: false,
      status: null,
      error: error instanceof Error ? error.message : i18n.t('account:diagnostics.api.unknown'),
    };
  }
}

/** `count` calls one after another, so they do not queue behind each other and skew the latency. */
export async function sampleApi(count: number): Promise<ApiSample[]> {
  const samples: ApiSample[] = [];
  for (let i = 0; i < count; i += 1) samples.push(await sampleServerTime());
  return samples;
}
