import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (apps/server) listens on 8080 in development; the client talks to it through
// this proxy so the session cookie stays first-party and no CORS setup is needed. The Host header is
// kept (no changeOrigin) so the server's same-origin check on cookie requests sees matching Origin/Host.
const API_TARGET = 'http://localhost:8080';

/**
 * Libraries every screen needs go to long-cached vendor chunks; route pages stay in their own chunks.
 * Radix is deliberately not grouped: a group loads as a whole, and the dialog/menu code is only
 * needed once the main layout opens.
 */
const VENDOR_GROUPS = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
  { name: 'query', test: /[\\/]node_modules[\\/](@tanstack|zustand|axios)[\\/]/ },
];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/api': { target: API_TARGET },
      '/socket.io': { target: API_TARGET, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
});
