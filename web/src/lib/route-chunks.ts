// The routes' code chunks (the router plugin splits every route, vite.config.ts) during an
// outage: all of them are fetched once the first page is on screen, so a later navigation
// needs no network for code; and a chunk that still fails to load shows the route's error page
// in the app instead of reloading the document, which during an outage leaves the browser's
// own "site can't be reached" page (decision 297).
import { createElement, type ComponentType } from 'react';
import type { AnyRoute, AnyRouter } from '@tanstack/react-router';

/** A failed route chunk: what the error page says. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor() {
    super('Could not load this page from the server. Check your connection and try again.');
  }
}

type Lazy = ComponentType<Record<string, unknown>> & { preload?: () => Promise<void> };

const COMPONENTS = ['component', 'pendingComponent', 'errorComponent', 'notFoundComponent'];

/**
 * A split route component whose failed import rejects its preload (the router then shows the
 * route's error component) and is thrown when rendered. The router's own wrapper records the
 * failure and, when rendered, reloads the document once per failed URL.
 */
function guarded(lazy: Lazy): Lazy {
  let failed: ChunkLoadError | undefined;
  const Guarded: Lazy = (props) => {
    if (failed) throw failed;
    return createElement(lazy, props);
  };
  Guarded.preload = () => {
    const load = lazy.preload;
    if (!load) return Promise.resolve();
    return load().then(() => {
      // The router's wrapper drops its preload once the module is in and keeps it after a
      // failed import (swallowed there), which is then tried again on the next preload.
      if (lazy.preload) throw (failed = new ChunkLoadError());
      failed = undefined;
    });
  };
  return Guarded;
}

/** Replaces every split component of the router's routes with its guarded form. */
export function guardRouteChunks(router: AnyRouter): void {
  for (const route of Object.values(router.routesById as Record<string, AnyRoute>)) {
    const options = route.options as unknown as Record<string, unknown>;
    for (const key of COMPONENTS) {
      const component = options[key] as Lazy | undefined;
      if (typeof component?.preload === 'function') options[key] = guarded(component);
    }
  }
}

/** Chunks fetched at once while prefetching: a few, so the page's own work comes first. */
const PREFETCH_AT_ONCE = 4;

/**
 * Once the first page has loaded and the browser is idle, fetches every route's chunks (a
 * route's loader shares its component's chunk, vite.config.ts), a few at a time, each started
 * in an idle callback, so they do not compete with the page's own requests, LCP and updates.
 * Skipped when the user asked to save data. A chunk that fails here is fetched again when its
 * route is opened.
 */
export function prefetchRouteChunks(router: AnyRouter): void {
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  const idle = (run: () => void) =>
    'requestIdleCallback' in window ? requestIdleCallback(run) : setTimeout(run, 50);
  const queue = Object.values(router.routesById as Record<string, AnyRoute>).flatMap((route) =>
    ([undefined, 'errorComponent', 'notFoundComponent'] as const).map(
      (part) => () => router.loadRouteChunk(route, part),
    ),
  );
  const next = (): void => {
    const load = queue.shift();
    if (!load) return;
    void Promise.resolve()
      .then(load)
      .catch(() => undefined)
      .finally(() => idle(next));
  };
  const start = () => {
    // For the first-load bench: what the page itself needed ends here.
    performance.mark('console:prefetch');
    for (let i = 0; i < PREFETCH_AT_ONCE; i++) idle(next);
  };
  const stop = router.subscribe('onResolved', () => {
    stop();
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  });
}
