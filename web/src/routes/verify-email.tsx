import { createFileRoute, Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { buttonClass, Spinner } from '../components/ui/button.tsx';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { toast } from '../components/ui/toast.tsx';
import { useVerifyEmail } from '../features/auth/api/verification.ts';
import { AuthCard, authLinkClass } from '../features/auth/components/auth-card.tsx';
import { asApiError } from '../lib/api-client.ts';
import { useTitle } from '../lib/use-title.ts';

/** The mailed verification link (`/verify-email#<token>`): verifies the address and signs in. */
export const Route = createFileRoute('/verify-email')({
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  useTitle('Verify your e-mail address');
  const token = useLocation({ select: (l) => l.hash });
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  // The link works once: post it once, even when effects run twice (development).
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate(token, {
      onSuccess: async () => {
        toast.success('E-mail address verified', 'Your account is ready.');
        await navigate({ to: '/projects', replace: true });
      },
    });
  }, [token, verify, navigate]);

  if (token && !verify.isError) {
    return (
      <AuthCard title="Verifying your e-mail address" footer={null}>
        <p role="status" className="flex items-center gap-2 text-sm">
          <Spinner /> One moment…
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="This link does not work"
      subtitle="Links expire after 24 hours and work once. Sign in to ask for a new one."
      footer={
        <>
          No account yet?{' '}
          <Link to="/signup" className={authLinkClass}>
            Create an account
          </Link>
        </>
      }
    >
      <div className="space-y-4">
        <FormAlert error={verify.isError ? asApiError(verify.error) : null} />
        <Link to="/login" className={buttonClass('primary', 'md', 'w-full')}>
          Sign in
        </Link>
      </div>
    </AuthCard>
  );
}
