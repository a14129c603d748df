import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { useState } from 'react';
import {
  signInMethodsQueryOptions,
  useSignInMethods,
} from '../features/auth/api/sign-in-methods.ts';
import { sessionQueryOptions } from '../features/auth/api/get-session.ts';
import { AuthCard, authLinkClass } from '../features/auth/components/auth-card.tsx';
import { AuthForm } from '../features/auth/components/auth-form.tsx';
import { TokenSignInForm } from '../features/auth/components/token-sign-in-form.tsx';
import { afterSignIn, authSearch } from '../lib/redirect.ts';
import { useTitle } from '../lib/use-title.ts';

export const Route = createFileRoute('/login')({
  validateSearch: authSearch,
  beforeLoad: async ({ context, search }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (session) throw redirect({ href: afterSignIn(search.redirect), replace: true });
  },
  // The page offers what the server does; a failure here only hides the token form.
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(signInMethodsQueryOptions()).catch(() => undefined),
  component: LoginPage,
});

function LoginPage() {
  const { redirect } = Route.useSearch();
  useTitle('Sign in');
  const { data: methods } = useSignInMethods();
  const [withToken, setWithToken] = useState(false);
  return (
    <AuthCard
      title="Sign in"
      subtitle={
        redirect
          ? 'Sign in to continue where you left off.'
          : 'Welcome back. Sign in to manage your projects.'
      }
      footer={
        <>
          New here?{' '}
          <Link to="/signup" search={{ redirect }} className={authLinkClass}>
            Create an account
          </Link>
        </>
      }
    >
      {withToken ? (
        <TokenSignInForm redirect={redirect} />
      ) : (
        <>
          <AuthForm kind="signIn" redirect={redirect} />
          <p className="mt-4 text-center text-sm">
            <Link to="/forgot-password" className={authLinkClass}>
              Forgot your password?
            </Link>
          </p>
        </>
      )}
      {methods?.token ? (
        <p className="mt-2 text-center text-sm">
          <button type="button" className={authLinkClass} onClick={() => setWithToken(!withToken)}>
            {withToken
              ? 'Sign in with e-mail and password'
              : 'Sign in with a personal access token'}
          </button>
        </p>
      ) : null}
    </AuthCard>
  );
}
