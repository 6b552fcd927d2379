import { defineConfig } from 'vitest/config';

/** Browser journeys: each file starts its own server, so files run one at a time on a 2-core machine. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['journeys/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
