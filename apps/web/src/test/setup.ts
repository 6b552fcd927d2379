import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// Components read the catalogue; tests read the English words (SPEC's messages). The app fetches the
// back office's and Spanish catalogues when needed; tests have them all from the start.
import { i18n } from '@/i18n/i18n';
import { NAMESPACES } from '@/i18n/resources';

await i18n.loadNamespaces(NAMESPACES);
await i18n.loadLanguages('es');

// `npm test` runs the server suites, builds and these tests side by side on two cores: a screen that
// appears in 1.2 s there is not a failure, so findBy/waitFor wait up to 5 s (a wrong screen still fails).
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
