// The back office is a single-page app (decision 0014): `vite build` writes static files to dist/,
// which scripts/admin-server.mjs serves on ADMIN_PORT and whose `/api/…` it forwards to the API.
// Under `vite` (development) the same forwarding is Vite's own proxy.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? '4000'}`;

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: {
    port: Number(process.env.ADMIN_PORT ?? 3001),
    proxy: {
      // Never the API's development routes (decision 0005 item 8); everything else as it is, the
      // order chat's socket (`/api/ws`) included.
      '^/api/(?!dev(/|$))': {
        target: apiUrl,
        rewrite: (path) => path.replace(/^\/api/, ''),
        headers: { via: '1.1 kedai-admin' },
        ws: true,
      },
    },
  },
});
