import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../components/layout/status-pages.tsx';
import { TestModeBanner } from '../components/layout/test-mode-banner.tsx';
import { LiveAnnouncer } from '../components/ui/announcer.tsx';
import { Toaster } from '../components/ui/toast.tsx';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: () => <NotFoundPage />,
});

function Root() {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow dark:focus:bg-slate-900"
      >
        Skip to content
      </a>
      <TestModeBanner />
      <Outlet />
      <Toaster />
      <LiveAnnouncer />
    </>
  );
}
