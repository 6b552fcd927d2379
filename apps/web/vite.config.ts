import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes `.br` and `.gz` beside every built script, style and page, so the server sends them
 * pre-compressed (`@fastify/static` `preCompressed`) with no compression work per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'openbroker-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      for (const file of files) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const full = path.join(outDir, file);
        const body = await readFile(full);
        if (body.length < 1024) continue;
        await writeFile(
          `${full}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        await writeFile(`${full}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

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
  // Query and state only: @tanstack/react-virtual belongs to the terminal's chunk, not the entry.
  {
    name: 'query',
    test: /[\\/]node_modules[\\/](@tanstack[\\/](query-core|react-query)|zustand|axios)[\\/]/,
  },
];

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
