import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { sessionQueryOptions } from '../features/auth/api/get-session.ts';
import { AuthCard, authLinkClass } from '../features/auth/components/auth-card.tsx';
import { AuthForm } from '../features/auth/components/auth-form.tsx';
import { afterSignIn, authSearch } from '../lib/redirect.ts';
import { useTitle } from '../lib/use-title.ts';

export const Route = createFileRoute('/signup')({
  validateSearch: authSearch,
  beforeLoad: async ({ context, search }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (session) throw redirect({ href: afterSignIn(search.redirect), replace: true });
  },
  component: SignupPage,
});

function SignupPage() {
  const { redirect } = Route.useSearch();
  useTitle('Create account');
  return (
    <AuthCard
      title="Create your account"
      subtitle="Start building in a few seconds."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" search={{ redirect }} className={authLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <AuthForm kind="signUp" redirect={redirect} />
    </AuthCard>
  );
}
