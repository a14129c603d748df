// Proxy mode (decision 220): with UPSTREAM_API_URL set, this BFF keeps no resources. It serves
// the console, keeps the console's sessions (each holding its user's upstream token), and
// forwards the API, its document and reference page to the upstream.
import type { Express } from 'express';
import type { AppContext } from '../context.ts';
import { mountApiForwarding } from './forward.ts';
import { mountProxyAuth } from './proxy-auth.ts';

export function mountProxy(app: Express, ctx: AppContext): void {
  mountProxyAuth(app, ctx);
  mountApiForwarding(app, ctx);
}
