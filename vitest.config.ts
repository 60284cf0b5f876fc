import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a two-core machine. The API's tests
    // wait on the database and on sockets as much as on the CPU, so two workers there finish sooner
    // (measured on 2 cores: PGlite 294 → 223 s, PostgreSQL 253 → 166 s; a third added nothing).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'scripts/**/*.test.mjs'],
          globalSetup: ['packages/db/src/test-global-setup.ts'],
          // Test databases start from a migrated template, but a busy machine can still be slow.
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          globalSetup: ['packages/db/src/test-global-setup.ts'],
          // Each file opens its own fresh database (PGlite: loaded from the migrated template); a
          // busy machine can make that slow, so allow for it.
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Next's tsconfig keeps JSX as written ("preserve"); component tests need it compiled.
        oxc: { jsx: { runtime: 'automatic' } },
        // Server-only modules (`import 'server-only'`) are tested in Node, outside React's server build.
        resolve: { alias: { 'server-only': fileURLToPath(new URL('./node_modules/server-only/empty.js', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          // Node by default; component tests that click say `// @vitest-environment happy-dom` at their top.
          environment: 'node',
          setupFiles: ['apps/web/src/dom-test-setup.ts'],
        },
      },
      {
        // The back office (apps/admin): its pure helpers in Node; component tests that click in happy-dom
        // (`// @vitest-environment happy-dom` at the file's top).
        test: {
          name: 'admin',
          include: ['apps/admin/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['apps/admin/src/dom-test-setup.ts'],
        },
      },
    ],
  },
});
