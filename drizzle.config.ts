import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './src/worker/db/schema/*.ts',
  out: './migrations',
  // Flat NNNN_name.sql files, which `wrangler d1 migrations apply` reads.
  migrations: { prefix: 'index' },
});
