import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the gateway at /console/ under a strict Content-Security-Policy: no inline scripts
// or styles, so the build emits files only (and no inline module-preload polyfill). Builds run
// with NODE_ENV=production (package.json, setup, Dockerfile): under a test runner's NODE_ENV=test
// React's development build would be bundled instead.
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, modulePreload: { polyfill: false }, sourcemap: true },
  server: {
    proxy: { '/v1': 'http://127.0.0.1:8080', '/console/api': 'http://127.0.0.1:8080' },
  },
});
