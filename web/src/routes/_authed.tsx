import { createFileRoute, redirect } from '@tanstack/react-router';
import { sessionQueryOptions } from '../features/auth/api/get-session.ts';
import { AppLayout } from '../layouts/app-layout.tsx';

/** Every page under this layout needs a session; without one, sign in and come back. */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (!session) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { session };
  },
  component: AuthedLayout,
});

function AuthedLayout() {
  const { session } = Route.useRouteContext();
  return <AppLayout accountId={session.account.id} email={session.account.email} />;
}
