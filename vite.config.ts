// The console SPA. Sources live in web/, the build goes to dist/web, which the BFF serves
// (with an SPA fallback). `npm run dev` runs Vite behind the BFF, which serves everything on
// port 3000 and forwards the console's modules and hot-reload socket here (decision 223).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import fs from 'node:fs';
import zlib from 'node:zlib';

const repo = path.dirname(fileURLToPath(import.meta.url));
const web = path.join(repo, 'web');
const outDir = path.join(repo, 'dist/web');

/**
 * Writes a .br and a .gz beside every text file of the build, at the highest levels (done once
 * per build, not per request), for the BFF to choose by Accept-Encoding (bff/src/http/static.ts).
 * Source maps are not served; images and fonts are already compressed.
 */
function precompress(): Plugin {
  const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
  return {
    name: 'precompress',
    apply: 'build',
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
        const body = fs.readFileSync(file);
        const br = zlib.brotliCompressSync(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
        const gz = zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION });
        // A variant no smaller than the file is not worth a header.
        if (br.length < body.length) fs.writeFileSync(file + '.br', br);
        if (gz.length < body.length) fs.writeFileSync(file + '.gz', gz);
      }
    },
  };
}

export default defineConfig({
  root: web,
  // The router plugin must run before the React plugin (it generates and splits routes).
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders too, not only components: a route's data code (each kind's list and detail
      // queries) loads with its page, so the initial bundle does not grow with kinds (decision 116).
      // A loader shares its component's chunk, so prefetching the components after the first
      // paint brings every route's code (decision 297).
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader', 'component'],
          ['pendingComponent'],
          ['errorComponent'],
          ['notFoundComponent'],
        ],
      },
      routesDirectory: path.join(web, 'src/routes'),
      generatedRouteTree: path.join(web, 'src/routeTree.gen.ts'),
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
    precompress(),
  ],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    strictPort: true,
  },
  preview: { port: 4173 },
});
