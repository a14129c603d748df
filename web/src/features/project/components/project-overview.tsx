import { Link } from '@tanstack/react-router';
import type { Project } from '#shared/api/project';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { formatCredit, formatDiscount } from '../format.ts';

export function ProjectOverview({ project }: { project: Project }) {
  return (
    <Card labelledBy="overview-title">
      <CardHeader id="overview-title" title="Overview" />
      <dl className="grid gap-x-8 gap-y-5 px-5 py-5 sm:grid-cols-2">
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
            ID
          </dt>
          <dd className="mt-1 flex items-center gap-1">
            <code className="font-mono text-sm">{project.id}</code>
            <CopyButton value={project.id} label="Copy project ID" />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
            Name
          </dt>
          <dd className="mt-1 text-sm font-medium">{project.name}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
            Credit
          </dt>
          <dd className="mt-1 text-sm tabular-nums">{formatCredit(project.credit)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
            Discount
          </dt>
          <dd className="mt-1 text-sm tabular-nums">{formatDiscount(project.discount)}</dd>
        </div>
      </dl>
    </Card>
  );
}

const START = [
  {
    to: '/projects/$projectId/compute',
    title: 'Virtual machines',
    text: 'Linux servers with SSH access, sized to your workload.',
  },
  {
    to: '/projects/$projectId/networking',
    title: 'Private networks',
    text: 'Subnets, firewalls and load balancers.',
  },
  {
    to: '/projects/$projectId/databases',
    title: 'Managed PostgreSQL',
    text: 'Databases with backups and TLS.',
  },
  {
    to: '/projects/$projectId/kubernetes',
    title: 'Kubernetes',
    text: 'Clusters with node pools you can resize.',
  },
] as const;

export function GetStarted({ projectId }: { projectId: string }) {
  return (
    <section aria-labelledby="start-title">
      <h2 id="start-title" className="text-base font-semibold">
        Get started
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {START.map((s) => (
          <li key={s.to}>
            <Link
              to={s.to}
              params={{ projectId }}
              className="block h-full rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-400 hover:shadow dark:border-slate-800 dark:bg-slate-900 dark:hover:border-blue-500"
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
