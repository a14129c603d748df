import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { NotFoundPage, RouteErrorPage } from './components/layout/status-pages.tsx';
import { guardRouteChunks } from './lib/route-chunks.ts';
import { routeTree } from './routeTree.gen.ts';

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    // Loaders read through the query cache, so preloading on hover costs one request at most.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteErrorPage,
    defaultNotFoundComponent: () => <NotFoundPage />,
    scrollRestoration: true,
  });
  guardRouteChunks(router);
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /**
     * The route's breadcrumb in a project (after "Projects › <project>"): a label, or one made
     * from the route's params (a resource's name). It links to the route's path.
     */
    crumb?: string | ((params: Record<string, string | undefined>) => string | undefined);
  }
}
