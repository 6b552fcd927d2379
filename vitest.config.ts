import { defineConfig } from 'vitest/config';

/**
 * `npm test`'s unit and integration layers. The server suite runs once on PGlite and, when
 * TEST_DATABASE_URL points at a PostgreSQL server (CI), a second time on PostgreSQL.
 */
const serverOnPostgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: './apps/server/vitest.config.ts',
        test: { name: 'server-pg', root: './apps/server', env: { TEST_DB_ENGINE: 'postgres' } },
      },
    ]
  : [];

export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web', ...serverOnPostgres],
  },
});
