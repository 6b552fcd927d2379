/** SPEC §8: the settings fetch is aborted with this message when no API address can be found. */
export const NO_BASE_URL_MESSAGE = 'No base URL configured';

export class MissingBaseUrlError extends Error {
  constructor() {
    super(NO_BASE_URL_MESSAGE);
    this.name = 'MissingBaseUrlError';
  }
}

export interface BaseUrlSources {
  /** `window.__OPENBROKER__.apiBaseUrl`, set by the operator at runtime. */
  runtime?: string | null | undefined;
  /** `VITE_API_BASE_URL`, baked in at build time. */
  env?: string | null | undefined;
  /** The page origin; a self-hosted install serves the API beside the client. */
  origin?: string | null | undefined;
}

function clean(value: string | null | undefined): string {
  return (value ?? '').trim().replace(/\/+$/, '');
}

/**
 * SPEC §7 base address, adapted for self-hosting: a runtime override first, then the build-time
 * variable, else `{page origin}/api/v1`. SPEC's fixed demo hosts do not apply to a self-hosted product.
 * Returns '' when nothing usable is found (e.g. a `file://` page, whose origin is the string "null").
 */
export function resolveApiBaseUrl(sources: BaseUrlSources): string {
  const runtime = clean(sources.runtime);
  if (runtime) return runtime;
  const env = clean(sources.env);
  if (env) return env;
  const origin = clean(sources.origin);
  if (!origin || origin === 'null') return '';
  return `${origin}/api/v1`;
}

/** Reads the live sources at call time, so an override set after the bundle loaded still applies. */
export function currentApiBaseUrl(): string {
  return resolveApiBaseUrl({
    runtime: typeof window === 'undefined' ? undefined : window.__OPENBROKER__?.apiBaseUrl,
    env: import.meta.env.VITE_API_BASE_URL,
    origin: typeof window === 'undefined' ? undefined : window.location.origin,
  });
}

/** Like `currentApiBaseUrl`, but an empty result is the SPEC §8 error. */
export function requireApiBaseUrl(): string {
  const url = currentApiBaseUrl();
  if (!url) throw new MissingBaseUrlError();
  return url;
}
