// The PGlite worker's entry when the server runs from source (tsx, vitest): Node 20 ignores a loader
// passed in a worker's execArgv, so this thread registers tsx itself, then loads the TypeScript worker.
// The built server starts dist/pgliteWorker.js directly (see pgliteProxy.ts).
import { register } from 'tsx/esm/api';

register();
await import('./pgliteWorker.ts');
