import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { sessionQueryOptions } from '../features/auth/api/get-session.ts';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { AuthForm } from '../features/auth/components/auth-form.tsx';
import { afterSignIn, authSearchSchema } from '../lib/redirect.ts';
import { useTitle } from '../lib/use-title.ts';

export const Route = createFileRoute('/login')({
  validateSearch: authSearchSchema,
  beforeLoad: async ({ context, search }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (session) throw redirect({ href: afterSignIn(search.redirect), replace: true });
  },
  component: LoginPage,
});

function LoginPage() {
  const { redirect } = Route.useSearch();
  useTitle('Sign in');
  return (
    <AuthCard
      title="Sign in"
      subtitle={redirect ? 'Sign in to continue where you left off.' : 'Welcome back. Sign in to manage your projects.'}
      footer={
        <>
          New here?{' '}
          <Link to="/signup" search={{ redirect }} className="font-medium text-blue-700 hover:underline dark:text-blue-400">
            Create an account
          </Link>
        </>
      }
    >
      <AuthForm kind="signIn" redirect={redirect} />
    </AuthCard>
  );
}
