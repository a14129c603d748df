// The project's resources, grouped by owner: what a cluster or a database was given to run
// (decision 287) is listed under it, not beside the user's own.
import { Card, CardHeader } from '#web/components/ui/card.tsx';
import { StateBadge } from '#web/components/ui/state-badge.tsx';
import { locationLabel } from '#web/lib/location.ts';
import { capitalized, KIND_WORDS, type OverviewGroup, type OverviewItem } from '../model.ts';
import { ResourceLink } from './links.tsx';

function Row({ projectId, item }: { projectId: string; item: OverviewItem }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
      <span className="w-40 shrink-0 text-xs text-slate-600 dark:text-slate-400">
        {capitalized(KIND_WORDS[item.kind].singular)}
      </span>
      <ResourceLink
        projectId={projectId}
        kind={item.kind}
        location={item.location}
        name={item.name}
      >
        {item.name}
      </ResourceLink>
      {item.state ? <StateBadge state={item.state} /> : null}
      <span className="text-xs text-slate-600 dark:text-slate-400">
        {locationLabel(item.location)}
        {item.note ? ` · ${item.note}` : null}
      </span>
    </div>
  );
}

export function ResourceGroups({
  projectId,
  groups,
}: {
  projectId: string;
  groups: OverviewGroup[];
}) {
  return (
    <Card labelledBy="resources-title">
      <CardHeader
        id="resources-title"
        title="Resources"
        description="What a Kubernetes cluster or a database runs on is listed under it: it goes with it."
      />
      <ul
        aria-labelledby="resources-title"
        className="divide-y divide-slate-200 px-5 dark:divide-slate-800"
      >
        {groups.map(({ item, parts }) => (
          <li key={item.id} className="py-1">
            <Row projectId={projectId} item={item} />
            {parts.length ? (
              <ul
                aria-label={`Managed by ${KIND_WORDS[item.kind].singular} ${item.name}`}
                className="mb-2 ml-4 border-l-2 border-slate-200 pl-4 dark:border-slate-700"
              >
                {parts.map((part) => (
                  <li key={part.id}>
                    <Row projectId={projectId} item={part} />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
