import { currentApiBaseUrl } from '@/api/baseUrl';

declare global {
  interface OpenBrokerRuntimeConfig {
    /** The public key of the live price socket (DESIGN §5), for installs that change the default. */
    pricesKey?: string;
  }
  interface ImportMetaEnv {
    /** Build-time public key of the live price socket. */
    readonly VITE_PRICES_API_KEY?: string;
  }
}

/** The server's default public prices key (`PRICES_API_KEY`); it guards nothing secret. */
export const DEFAULT_PRICES_KEY = 'openbroker-public-prices';

export interface PricesKeySources {
  /** `window.__OPENBROKER__.pricesKey`, set by the operator at runtime. */
  runtime?: string | null | undefined;
  /** `VITE_PRICES_API_KEY`, baked in at build time. */
  env?: string | null | undefined;
}

/** The same order as the API base address: runtime override, then build-time variable, then default. */
export function resolvePricesKey(sources: PricesKeySources): string {
  const runtime = (sources.runtime ?? '').trim();
  if (runtime) return runtime;
  const env = (sources.env ?? '').trim();
  if (env) return env;
  return DEFAULT_PRICES_KEY;
}

/** Read at call time, so an override set after the bundle loaded still applies. */
export function currentPricesKey(): string {
  return resolvePricesKey({
    runtime: typeof window === 'undefined' ? undefined : window.__OPENBROKER__?.pricesKey,
    env: import.meta.env.VITE_PRICES_API_KEY,
  });
}

/**
 * Where the socket server lives: the origin of the API base address, which is the page origin
 * unless an operator points the API elsewhere (then the sockets follow it). '' when unknown.
 */
export function currentSocketOrigin(): string {
  const base = currentApiBaseUrl();
  if (!base) return '';
  try {
    const origin = new URL(base, typeof window === 'undefined' ? undefined : window.location.href).origin;
    return origin === 'null' ? '' : origin;
  } catch {
    return '';
  }
}
