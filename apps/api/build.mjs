// Bundles the API and our workspace packages (TypeScript source) into dist/server.js.
// Third-party packages stay external and load from node_modules as usual.
import { build } from 'esbuild';

const workspace = /^@kedai\//;

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-dependencies',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (workspace.test(args.path) ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
