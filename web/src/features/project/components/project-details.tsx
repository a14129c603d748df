import type { Project } from '#shared/api/project';
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { formatCredit, formatDiscount } from '../format.ts';

/** The project's own facts: its ID to copy, name, credit and discount. */
export function ProjectDetails({ project }: { project: Project }) {
  return (
    <Card labelledBy="details-title">
      <CardHeader id="details-title" title="Project details" />
      <dl className="grid gap-x-8 gap-y-5 px-5 py-5 sm:grid-cols-2 lg:grid-cols-1">
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
