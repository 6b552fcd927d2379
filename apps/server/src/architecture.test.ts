import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules `npm run lint` enforces (DESIGN §2, `.dependency-cruiser.cjs`), each shown to
 * fail: a throwaway tree shaped like this repository gets one forbidden import per case, and the
 * real configuration must name exactly that rule.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as IConfiguration;

const { tsConfig: _repoOnly, ...options } = config.options ?? {};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'openbroker-arch-'));
  // Installed packages resolve into node_modules, as they do here.
  for (const name of ['pg', 'react', 'drizzle-orm', 'socket.io']) {
    await put(`node_modules/${name}/package.json`, JSON.stringify({ name, main: 'index.js' }));
    await put(`node_modules/${name}/index.js`, 'module.exports = {};\n');
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function put(file: string, text: string): Promise<void> {
  const full = path.join(dir, file);
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, text);
}

/** Writes `files` into a fresh case directory and returns the names of the rules broken there. */
async function broken(name: string, files: Record<string, string>): Promise<string[]> {
  const base = path.join(dir, name);
  for (const [file, text] of Object.entries(files)) await put(path.join(name, file), text);
  const { output } = await cruise(
    ['apps', 'packages'].filter((d) => hasDir(files, d)),
    // The repository's own options (type-only edges, what is excluded), less its tsconfig, which
    // names a file of the real tree.
    { ...options, baseDir: base, ruleSet: { forbidden: config.forbidden ?? [] }, validate: true },
  );
  if (typeof output === 'string') throw new Error('cruise returned a report, not a result');
  return [...new Set(output.summary.violations.map((v) => v.rule.name))].sort();
}

const hasDir = (files: Record<string, string>, top: string) =>
  Object.keys(files).some((f) => f.startsWith(`${top}/`));

describe('import rules (DESIGN §2)', () => {
  it('passes a tree that keeps them', async () => {
    expect(
      await broken('clean', {
        'packages/domain/src/a.ts': 'export const a = 1;\n',
        'apps/server/src/feed/feed.ts':
          "import { a } from '../../../../packages/domain/src/a.ts';\nexport const b = a;\n",
        'apps/web/src/components/ui/button.tsx': 'export const Button = 1;\n',
        'apps/web/src/features/x/X.tsx':
          "import { Button } from '../../components/ui/button.tsx';\nexport const X = Button;\n",
      }),
    ).toEqual([]);
  });

  it('finds a circle, also one through `import type` only', async () => {
    expect(
      await broken('circle', {
        'apps/server/src/a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
        'apps/server/src/b.ts': "import { c } from './c.ts';\nexport const b = c;\n",
        'apps/server/src/c.ts': "import type { A } from './d.ts';\nexport const c: A = 1;\n",
        'apps/server/src/d.ts': "import { a } from './a.ts';\nexport type A = typeof a;\n",
      }),
    ).toEqual(['no-circular']);
  });

  it('keeps packages/domain free of I/O: node builtins, I/O libraries, apps/', async () => {
    expect(
      await broken('domain-builtin', {
        'packages/domain/src/x.ts': "import { readFile } from 'node:fs';\nexport { readFile };\n",
      }),
    ).toEqual(['domain-no-io-builtins']);
    expect(
      await broken('domain-pg', { 'packages/domain/src/x.ts': "import pg from 'pg';\nexport { pg };\n" }),
    ).toEqual(['domain-no-io-packages']);
    expect(
      await broken('domain-react', {
        'packages/domain/src/x.ts': "import type { FC } from 'react';\nexport type X = FC;\n",
      }),
    ).toEqual(['domain-no-io-packages']);
    expect(
      await broken('domain-apps', {
        'apps/server/src/config.ts': 'export const config = 1;\n',
        'packages/domain/src/x.ts':
          "import { config } from '../../../apps/server/src/config.ts';\nexport const x = config;\n",
      }),
    ).toEqual(['domain-not-to-apps']);
  });

  it('keeps the web client off the server', async () => {
    expect(
      await broken('web-server', {
        'apps/server/src/errors.ts': 'export const E = 1;\n',
        'apps/web/src/api/x.ts': "import { E } from '../../../server/src/errors.ts';\nexport const x = E;\n",
      }),
    ).toEqual(['web-not-to-server']);
  });

  it('keeps the feed off accounts, the ledger and trading', async () => {
    for (const area of ['accounts', 'ledger', 'trading']) {
      expect(
        await broken(`feed-${area}`, {
          [`apps/server/src/modules/${area}/service.ts`]: 'export const s = 1;\n',
          'apps/server/src/feed/x.ts': `import { s } from '../modules/${area}/service.ts';\nexport const x = s;\n`,
        }),
      ).toEqual(['feed-not-to-accounts']);
    }
  });

  it('keeps realtime off the database (its tests may start whole nodes)', async () => {
    expect(
      await broken('realtime-db', {
        'apps/server/src/db/client.ts': 'export const db = 1;\n',
        'apps/server/src/realtime/x.ts': "import { db } from '../db/client.ts';\nexport const x = db;\n",
      }),
    ).toEqual(['realtime-not-to-database']);
    expect(
      await broken('realtime-drizzle', {
        'apps/server/src/realtime/x.ts': "import { sql } from 'drizzle-orm';\nexport const x = sql;\n",
      }),
    ).toEqual(['realtime-not-to-database']);
    expect(
      await broken('realtime-test-db', {
        'apps/server/src/db/client.ts': 'export const db = 1;\n',
        'apps/server/src/realtime/x.test.ts': "import { db } from '../db/client.ts';\nexport const x = db;\n",
      }),
    ).toEqual([]);
  });

  it('keeps ui primitives off features and the app shell', async () => {
    for (const target of ['features/chat/Chat.tsx', 'app/router.tsx']) {
      expect(
        await broken(`ui-${target.split('/')[0]}`, {
          [`apps/web/src/${target}`]: 'export const T = 1;\n',
          'apps/web/src/components/ui/dialog.tsx': `import { T } from '../../${target}';\nexport const D = T;\n`,
        }),
      ).toEqual(['ui-primitives-not-to-features']);
    }
  });
});
