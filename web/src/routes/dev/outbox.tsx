import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { LogoMark } from '../../components/layout/logo.tsx';
import { ThemeToggle } from '../../components/layout/theme-toggle.tsx';
import { Spinner } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/input.tsx';
import { useSearchBox } from '../../components/ui/search-input.tsx';
import { Table, TBody, TD, THeadRow, TR } from '../../components/ui/table.tsx';
import { useOutbox } from '../../features/mail/api/outbox.ts';
import { MailText } from '../../features/mail/components/mail-text.tsx';
import { asApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { useTitle } from '../../lib/use-title.ts';
import { searchParams, text } from '#web/lib/search-params.ts';

/** The development outbox: the mails this console would have sent (public; the API answers only this machine). */
export const Route = createFileRoute('/dev/outbox')({
  validateSearch: searchParams({ to: text(320), mail: text(64) }),
  component: OutboxPage,
});

const sentAt = (iso: string) => new Date(iso).toLocaleString();

function OutboxPage() {
  useTitle('Development outbox');
  const { to, mail } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const outbox = useOutbox(to);
  const search = useSearchBox(
    to,
    (q) => void navigate({ search: { to: q?.trim() }, replace: true }),
  );
  const off = outbox.isError && asApiError(outbox.error).status === 404;
  const items = outbox.data?.items ?? [];
  const shown = items.find((m) => m.id === mail);

  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <div className="flex items-center gap-2">
          <LogoMark />
          <span className="font-semibold tracking-tight">Cloud console</span>
        </div>
        <ThemeToggle />
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <h1 className="text-2xl font-semibold tracking-tight">Development outbox</h1>
        <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
          The mails this console would have sent. With no SMTP server configured (
          <code>SMTP_URL</code>) it keeps them here instead; only this machine can read them.
        </p>

        {off ? (
          <div className="mt-8">
            <EmptyState title="The outbox is off">
              This console sends its mail through an SMTP server (<code>SMTP_URL</code>), or you are
              not on the machine it runs on, so no mail is kept here.
            </EmptyState>
          </div>
        ) : (
          <>
            <TextField
              className="mt-6 max-w-sm"
              label="Recipient"
              type="search"
              autoComplete="off"
              hint="The whole e-mail address."
              value={search.value}
              onChange={(e) => search.onChange(e.target.value)}
            />
            {outbox.isError ? (
              <div className="mt-6">
                <FormAlert error={asApiError(outbox.error)} />
              </div>
            ) : null}
            {outbox.isPending ? (
              <p role="status" className="mt-6 flex items-center gap-2 text-sm">
                <Spinner /> Loading mails…
              </p>
            ) : items.length === 0 ? (
              <div className="mt-6">
                <EmptyState title="No mail">
                  {to ? `Nothing was mailed to ${to}.` : 'Nothing was mailed yet.'}
                </EmptyState>
              </div>
            ) : (
              <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
                <Table caption="Mails, newest first">
                  <THeadRow columns={['Subject', 'Recipient', 'Sent']} />
                  <TBody>
                    {items.map((m) => (
                      <TR
                        key={m.id}
                        className={cn(m.id === mail && 'bg-blue-50 dark:bg-blue-950/40')}
                      >
                        <TD>
                          <Link
                            to="/dev/outbox"
                            search={{ to, mail: m.id }}
                            aria-current={m.id === mail ? 'true' : undefined}
                            className="font-medium text-blue-700 hover:underline dark:text-blue-400"
                          >
                            {m.subject}
                          </Link>
                        </TD>
                        <TD className="break-all">{m.to}</TD>
                        <TD className="whitespace-nowrap">{sentAt(m.created_at)}</TD>
                      </TR>
                    ))}
                  </TBody>
                </Table>
                {shown ? (
                  <article
                    aria-labelledby="mail-subject"
                    className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
                  >
                    <h2 id="mail-subject" className="text-lg font-semibold">
                      {shown.subject}
                    </h2>
                    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-600 dark:text-slate-400">
                      <dt>To</dt>
                      <dd className="break-all">{shown.to}</dd>
                      <dt>Sent</dt>
                      <dd>{sentAt(shown.created_at)}</dd>
                    </dl>
                    <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
                      <MailText text={shown.text} />
                    </div>
                  </article>
                ) : (
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    Choose a mail to read it.
                  </p>
                )}
              </div>
            )}
          </>
        )}
      </main>
    </div>
  );
}
