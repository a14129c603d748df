// `npm run dev` (decision 223): the BFF serves everything on one origin, forwarding what is not
// the API (the console's modules, assets and the hot-reload websocket) to Vite, with the same
// library as the proxy mode. Cookies, Origin and CSRF checks then work as in production.
import type { Express } from 'express';
import {
  createProxyMiddleware,
  debugProxyErrorsPlugin,
  errorResponsePlugin,
  proxyEventsPlugin,
} from 'http-proxy-middleware';

export function mountViteDev(app: Express, viteUrl: string): void {
  app.use(
    createProxyMiddleware({
      target: viteUrl,
      // Vite accepts the browser's own Host (localhost or an address) as it came.
      changeOrigin: false,
      ws: true,
      ejectPlugins: true,
      plugins: [debugProxyErrorsPlugin, errorResponsePlugin, proxyEventsPlugin],
      on: {
        // Vite's development pages run inline scripts and inject style elements (hot reload),
        // which the production policy forbids; its built assets keep the policy.
        proxyRes: (_proxyRes, _req, res) => res.removeHeader('Content-Security-Policy'),
      },
    }),
  );
}
