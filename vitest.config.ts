import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'scripts/**/*.test.mjs'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          // Each file opens its own fresh database; PGlite start-up is slow, so allow for it.
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
          environment: 'node',
        },
      },
      {
        // The back office (apps/admin): its pure helpers, in Node.
        test: {
          name: 'admin',
          include: ['apps/admin/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
    ],
  },
});
