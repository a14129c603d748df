import { createFileRoute } from '@tanstack/react-router';
import { getAccountQueryOptions, useAccount } from '#web/features/account/api/get-account.ts';
import { listSessionsQueryOptions } from '#web/features/account/api/sessions.ts';
import { PasswordCard } from '#web/features/account/components/password-card.tsx';
import { SessionsCard } from '#web/features/account/components/sessions-card.tsx';
import { TwoFactorCard } from '#web/features/account/components/two-factor-card.tsx';
import { useTitle } from '#web/lib/use-title.ts';

export const Route = createFileRoute('/_authed/account')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(getAccountQueryOptions()),
      context.queryClient.ensureQueryData(listSessionsQueryOptions()),
    ]),
  component: AccountPage,
});

function AccountPage() {
  useTitle('Account');
  const { data: account } = useAccount();
  return (
    <main id="main" className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight">Account</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        Signed in as{' '}
        <span className="font-medium text-slate-900 dark:text-slate-100">{account.email}</span>
      </p>
      <div className="mt-6 space-y-8">
        <TwoFactorCard />
        <PasswordCard email={account.email} />
        <SessionsCard />
      </div>
    </main>
  );
}
