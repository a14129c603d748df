import { createFileRoute, Link } from '@tanstack/react-router';
import { AuthCard, authLinkClass } from '../features/auth/components/auth-card.tsx';
import { ResendLink } from '../features/auth/components/resend-link.tsx';
import { useOutbox } from '../features/mail/api/outbox.ts';
import { useTitle } from '../lib/use-title.ts';
import { searchParams, text } from '#web/lib/search-params.ts';

/** After sign-up: the account is complete once the mailed link is followed. */
export const Route = createFileRoute('/check-email')({
  validateSearch: searchParams({ email: text(320) }),
  component: CheckEmailPage,
});

function CheckEmailPage() {
  const { email } = Route.useSearch();
  useTitle('Check your mail');
  // In development (no SMTP server) the mail is in the outbox: say where.
  const outbox = useOutbox(email);
  return (
    <AuthCard
      title="Check your mail"
      subtitle={
        <>
          We sent a link to{' '}
          {email ? (
            <strong className="font-medium text-slate-900 dark:text-slate-100">{email}</strong>
          ) : (
            'your e-mail address'
          )}
          . Follow it to finish creating your account. The link expires in 24 hours.
        </>
      }
      footer={
        <>
          Wrong address?{' '}
          <Link to="/signup" className={authLinkClass}>
            Sign up again
          </Link>
        </>
      }
    >
      <div className="space-y-4">
        {outbox.isSuccess ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100">
            This console sends no mail (no SMTP server is configured): your link is in the{' '}
            <Link to="/dev/outbox" search={{ to: email }} className="font-medium underline">
              development outbox
            </Link>
            .
          </p>
        ) : null}
        <p className="text-sm text-slate-700 dark:text-slate-300">
          No mail after a few minutes? Check your spam folder, or ask for a new link.
        </p>
        {email ? <ResendLink email={email} /> : null}
      </div>
    </AuthCard>
  );
}
