import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vitest/config';

/** The web's `@/…` imports (apps/web/tsconfig.json "paths"), for the web's tests and what imports the web. */
const resolve = { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } };

// Two projects: `server` runs against a real database (SQLite by default, PostgreSQL when
// TEST_DB=postgres); `unit` holds everything else. scripts/test.mjs runs `server` on both databases.
export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: [
            'packages/**/*.test.ts',
            'apps/web/**/*.test.ts',
            'apps/agent/**/*.test.ts',
            'apps/simulator/**/*.test.ts',
            'scripts/**/*.test.mjs',
          ],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        resolve,
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
