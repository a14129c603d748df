// What to do first in an empty project: shown only while it holds nothing.
import { Link } from '@tanstack/react-router';
import { ActionLink } from '#web/components/ui/button.tsx';

const STEPS = [
  {
    to: '/projects/$projectId/databases/new',
    title: 'Create a PostgreSQL database',
    text: 'Managed, with backups, TLS and a standby if you want one.',
  },
  {
    to: '/projects/$projectId/kubernetes/new',
    title: 'Create a Kubernetes cluster',
    text: 'Node pools you can resize, and a kubeconfig to download.',
  },
  {
    to: '/projects/$projectId/networking/subnets/new',
    title: 'Create a private subnet',
    text: 'A private network for your VMs, with a firewall.',
  },
  {
    to: '/projects/$projectId/settings/ssh-keys',
    title: 'Save an SSH key',
    text: 'Offered by the VM form, so you paste it once.',
  },
  {
    to: '/projects/$projectId/settings/members',
    title: 'Invite your team',
    text: 'Admins, members who change things, viewers who only look.',
  },
] as const;

export function NextSteps({ projectId }: { projectId: string }) {
  return (
    <section
      aria-labelledby="next-title"
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="next-title" className="text-base font-semibold">
        Next steps
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        This project is empty. Most projects start with a virtual machine.
      </p>
      <ActionLink
        access="write"
        to="/projects/$projectId/compute/new"
        params={{ projectId }}
        className="mt-4"
      >
        Create your first VM
      </ActionLink>
      <ul className="mt-5 grid gap-3 sm:grid-cols-2">
        {STEPS.map((s) => (
          <li key={s.to}>
            <Link
              to={s.to}
              params={{ projectId }}
              className="block h-full rounded-lg border border-slate-200 p-4 hover:border-blue-400 hover:shadow dark:border-slate-800 dark:hover:border-blue-500"
            >
              <span className="font-medium">{s.title}</span>
              <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">
                {s.text}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
