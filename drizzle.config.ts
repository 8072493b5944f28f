// drizzle-kit settings: `npm run db:generate` writes SQL migrations for server/src/db/schema.ts.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/src/db/migrations',
  strict: true,
  verbose: true,
});
