// drizzle-kit settings for server/src/db/schema.ts. Migrations are written by hand and `npm run db:snapshot` adds their
// snapshot (server/README.md, «Migrations»); server/tests/migrationsAgree.test.ts runs `drizzle-kit generate` on a copy.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/src/db/migrations',
  strict: true,
  verbose: true,
});
