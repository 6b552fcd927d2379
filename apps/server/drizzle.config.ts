import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.ts', './src/db/schemaMoney.ts', './src/db/schemaBots.ts'],
  out: './src/db/migrations',
});
