import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { sessionQueryOptions } from '../features/auth/api/get-session.ts';
import { AuthCard, authLinkClass } from '../features/auth/components/auth-card.tsx';
import { AuthForm } from '../features/auth/components/auth-form.tsx';
import { afterSignIn, authSearch } from '../lib/redirect.ts';
import { useTitle } from '../lib/use-title.ts';

export const Route = createFileRoute('/login')({
  validateSearch: authSearch,
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
          <Link to="/signup" search={{ redirect }} className={authLinkClass}>
            Create an account
          </Link>
        </>
      }
    >
      <AuthForm kind="signIn" redirect={redirect} />
      <p className="mt-4 text-center text-sm">
        <Link to="/forgot-password" className={authLinkClass}>
          Forgot your password?
        </Link>
      </p>
    </AuthCard>
  );
}
