import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// Components read the catalogue; tests read the English words (SPEC's messages).
import '@/i18n/i18n';

// `npm test` runs the server suites, builds and these tests side by side on two cores: a screen that
// appears in 1.2 s there is not a failure, so findBy/waitFor wait up to 5 s (a wrong screen still fails).
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
