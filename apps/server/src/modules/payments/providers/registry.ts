import type { Clock } from '../../../lib/clock.ts';
import type { ProviderRegistry } from './types.ts';

/** The payment providers this node serves, from the environment (filled in by the payments work). */
export function createPaymentProviders(_deps: {
  env: NodeJS.ProcessEnv;
  clock: Clock;
  publicUrl: string;
}): ProviderRegistry {
  return new Map();
}
