#!/usr/bin/env node
// Compiles the server for `node`: one ESM bundle, dist/main.js, with its source map. The sources import
// `.ts` files and the workspace package @openbroker/domain exports TypeScript, so both are bundled; every
// npm package stays an import resolved from node_modules at run time (native addons such as argon2,
// PGlite's wasm and pdfkit's fonts keep their own files), which is what `npm ci --omit=dev` installs.
//
// Files the code reads beside itself are copied next to the bundle: `import.meta.url` in a bundled module
// is dist/main.js, so db/migrate.ts finds dist/migrations, and config.ts's REPO_ROOT (three folders up
// from src/config.ts) is three folders up from dist/main.js too, the same repository root.
import { cpSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.join(HERE, 'dist');
const STAGING = path.join(HERE, 'dist.partial');

/** npm packages are left to node_modules; only this repository's workspace packages are bundled. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@openbroker/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = Date.now();
rmSync(STAGING, { recursive: true, force: true });
try {
  mkdirSync(STAGING, { recursive: true });
  cpSync(path.join(HERE, 'src/db/migrations'), path.join(STAGING, 'migrations'), { recursive: true });
  await build({
    // PGlite runs on a worker thread of its own, started from dist/pgliteWorker.js (db/pgliteProxy.ts).
    entryPoints: {
      main: path.join(HERE, 'src/main.ts'),
      pgliteWorker: path.join(HERE, 'src/db/pgliteWorker.ts'),
    },
    outdir: STAGING,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Class names stay as written (bundling renames clashing ones): logs and error serializers print them.
    keepNames: true,
    plugins: [npmPackagesExternal],
    logLevel: 'warning',
  });
} catch (e) {
  rmSync(STAGING, { recursive: true, force: true });
  // esbuild has printed the errors with their file and line already.
  process.stderr.write(`Server build failed: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}\n`);
  process.exit(1);
}
// The finished build replaces the old one in one step, so a failed build never leaves half a dist/
// whose fresh timestamp would make `npm start` think the server is up to date.
rmSync(DIST, { recursive: true, force: true });
renameSync(STAGING, DIST);
process.stdout.write(
  `Server built into ${path.relative(process.cwd(), DIST) || '.'} in ${Date.now() - started} ms\n`,
);
