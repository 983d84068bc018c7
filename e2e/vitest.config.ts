import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vitest/config';

// Browser tests: each file starts its own server on a fresh SQLite database and drives Debian's Chromium.
export default defineConfig({
  // The web's `@/…` imports (apps/web/tsconfig.json "paths"): e2e files import route tables and locales.
  resolve: { alias: { '@': fileURLToPath(new URL('../apps/web/src', import.meta.url)) } },
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Pages load lazily and then fetch; on a busy machine that takes seconds, not expect.poll's default 1 s.
    // The ceiling costs time only when the awaited state never comes.
    expect: { poll: { timeout: 15_000 } },
  },
});
