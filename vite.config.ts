// The console SPA. Sources live in web/, the build goes to dist/web, which the BFF serves
// (with an SPA fallback). `npm run dev` runs Vite behind the BFF, which serves everything on
// port 3000 and forwards the console's modules and hot-reload socket here (decision 223).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const repo = path.dirname(fileURLToPath(import.meta.url));
const web = path.join(repo, 'web');

export default defineConfig({
  root: web,
  // The router plugin must run before the React plugin (it generates and splits routes).
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders too, not only components: a route's data code (each kind's list and detail
      // queries) loads with its page, so the initial bundle does not grow with kinds (decision 116).
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader'],
          ['component'],
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
  ],
  build: {
    outDir: path.join(repo, 'dist/web'),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    strictPort: true,
  },
  preview: { port: 4173 },
});
