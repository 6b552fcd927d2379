/**
 * The import rules of DESIGN §2, checked by `npm run lint` (and so by `npm test`):
 * no import circles anywhere, and none of the forbidden arrows between layers.
 * Type-only imports count: a circle through `import type` is still a circle in the design.
 * `npx depcruise apps packages bench e2e --config .dependency-cruiser.cjs --output-type text` lists every
 * edge when a violation is hard to read.
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */

const NODE_IO = [
  'fastify',
  '@fastify/',
  'pg',
  'pg-',
  '@electric-sql/pglite',
  'drizzle-orm',
  'drizzle-kit',
  'socket.io',
  'socket.io-client',
  '@socket.io/',
  'ioredis',
  'axios',
  'react',
  'react-dom',
  'react-router',
  'zustand',
  '@tanstack/',
  'vite',
];
/**
 * A path of one of the packages `names` (a trailing `/` or `-` names a family): resolved into some
 * node_modules, or left as the bare name when it does not resolve.
 */
const packages = (names) => {
  const alternatives = names.map((n) => {
    const escaped = n.replace(/[.+]/g, '\\$&');
    return n.endsWith('/') || n.endsWith('-') ? escaped : `${escaped}(/|$)`;
  });
  return `(^|(^|/)node_modules/)(${alternatives.join('|')})`;
};

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'DESIGN §2: no import circles. Break one by moving the shared type down (often into packages/domain).',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'domain-no-io-builtins',
      severity: 'error',
      comment: 'DESIGN §2: packages/domain is pure TypeScript with no I/O (no node builtins).',
      from: { path: '^packages/domain/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'domain-no-io-packages',
      severity: 'error',
      comment: 'DESIGN §2: packages/domain imports no I/O library (HTTP, database, sockets, UI).',
      from: { path: '^packages/domain/' },
      to: { path: packages(NODE_IO) },
    },
    {
      name: 'domain-not-to-apps',
      severity: 'error',
      comment: 'DESIGN §2: packages/domain imports nothing from apps/ (or e2e, bench).',
      from: { path: '^packages/domain/' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    {
      name: 'web-not-to-server',
      severity: 'error',
      comment: 'DESIGN §2: the web client shares code with the server only through packages/domain.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'feed-not-to-accounts',
      severity: 'error',
      comment: 'DESIGN §2: the feed produces prices; it knows nothing of accounts, the ledger or trading.',
      from: { path: '^apps/server/src/feed/' },
      to: { path: '^apps/server/src/modules/(accounts|ledger|trading)/' },
    },
    {
      name: 'realtime-not-to-database',
      severity: 'error',
      comment:
        'DESIGN §5: realtime nodes authorize and forward without a database (bus events carry what they need).',
      // Tests start whole nodes (app + database) to prove delivery across them; only they may.
      from: { path: '^apps/server/src/realtime/', pathNot: '\\.test\\.ts$' },
      to: { path: ['^apps/server/src/db/', packages(['drizzle-orm', 'pg', '@electric-sql/pglite'])] },
    },
    {
      name: 'ui-primitives-not-to-features',
      severity: 'error',
      comment:
        'DESIGN §2: components/ui are shadcn primitives; features and the app shell build on them, not the reverse.',
      from: { path: '^apps/web/src/components/ui/' },
      to: { path: '^apps/web/src/(features|app|admin)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // node_modules stays in: imports of packages are what the I/O rules look at (not followed).
    exclude: { path: '(^|/)(dist|data)/' },
    // Type-only imports are dependencies too (see no-circular above).
    tsPreCompilationDeps: true,
    // The web client's `@/…` alias; no other workspace uses path aliases.
    tsConfig: { fileName: '.dependency-cruiser.tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
