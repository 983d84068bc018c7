import { defineConfig } from 'vitest/config';

// Two projects: `server` runs against a real database (SQLite by default, PostgreSQL when
// TEST_DB=postgres); `unit` holds everything else. scripts/test.mjs runs `server` on both databases.
export default defineConfig({
  test: {
    projects: [
      {
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
