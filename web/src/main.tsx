import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { toast } from './components/ui/toast.tsx';
import { sessionQueryOptions } from './features/auth/api/get-session.ts';
import { activity } from './lib/activity.ts';
import { setCsrfToken, setOwnChangeHandler, setUnauthenticatedHandler } from './lib/api-client.ts';
import { createQueryClient } from './lib/query-client.ts';
import { prefetchRouteChunks } from './lib/route-chunks.ts';
import { initTheme } from './lib/theme.ts';
import { createAppRouter } from './router.tsx';

initTheme();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
prefetchRouteChunks(router);

// The session ended (expired, revoked, signed out elsewhere) while using the console: sign
// in again, then come back to the page that was being opened.
let redirecting = false;
setUnauthenticatedHandler(() => {
  setCsrfToken(null);
  queryClient.setQueryData(sessionQueryOptions().queryKey, null);
  const { pathname, href } = router.state.location;
  if (redirecting || pathname === '/login' || pathname === '/signup') return;
  redirecting = true;
  toast.error('Your session has ended', 'Sign in again to continue.');
  void router.navigate({ to: '/login', search: { redirect: href } }).finally(() => {
    redirecting = false;
  });
});

// What this tab changed enters the activity list as read: it was toasted here already.
setOwnChangeHandler((change) => activity.claimOwn(change));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
