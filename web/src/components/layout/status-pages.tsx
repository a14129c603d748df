import { Link, useRouter } from '@tanstack/react-router';
import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { ApiError } from '#web/lib/api-client.ts';
import { useRetryOnReconnect } from '#web/lib/connection.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { Button, buttonClass } from '../ui/button.tsx';

/**
 * True inside a frame that already holds the page's `<main>` (the project shell): a status page
 * there is a section of it, not a second main landmark.
 */
export const InsideMain = createContext(false);

function StatusPage({
  code,
  title,
  children,
  actions,
}: {
  code: string;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  useTitle(title);
  const Frame = useContext(InsideMain) ? 'div' : 'main';
  return (
    <Frame
      id={Frame === 'main' ? 'main' : undefined}
      className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center"
    >
      <p className="text-sm font-semibold text-blue-700 dark:text-blue-400">{code}</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">{title}</h1>
      <div className="mt-3 text-slate-600 dark:text-slate-400">{children}</div>
      <div className="mt-8 flex gap-3">{actions}</div>
    </Frame>
  );
}

export function NotFoundPage({
  title = 'Page not found',
  children,
}: {
  title?: string;
  children?: ReactNode;
}) {
  return (
    <StatusPage
      code="404"
      title={title}
      actions={
        <Link to="/projects" className={buttonClass('primary')}>
          Go to projects
        </Link>
      }
    >
      {children ?? (
        <p>There is nothing at this address. Check the link, or start from your projects.</p>
      )}
    </StatusPage>
  );
}

/**
 * The error page of a route whose data or code failed to load (other than 404 and 401), in the
 * app's frame. It tries again on "Try again", and by itself when the project's event stream
 * reconnects (the server is back after an outage).
 */
export function RouteErrorPage({ error, reset }: { error: unknown; reset?: () => void }) {
  const router = useRouter();
  const retry = useCallback(() => {
    reset?.();
    void router.invalidate();
  }, [reset, router]);
  useRetryOnReconnect(retry);
  // The session-expiry handler is already taking the user to sign in.
  if (error instanceof ApiError && error.isUnauthenticated) return null;
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <StatusPage
      code={error instanceof ApiError && error.status ? String(error.status) : 'Error'}
      title="This page could not be loaded"
      actions={<Button onClick={retry}>Try again</Button>}
    >
      <p role="alert">{message}</p>
      {error instanceof ApiError && error.requestId ? (
        <p className="mt-2 font-mono text-xs select-all">Request ID: {error.requestId}</p>
      ) : null}
    </StatusPage>
  );
}
