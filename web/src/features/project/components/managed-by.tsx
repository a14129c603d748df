// "Managed by <owner>" (decision 287): an object made for another one (a cluster's subnet,
// firewall, load balancer) changes and goes with it; its own actions are disabled with the reason.
import { Link } from '@tanstack/react-router';
import type { Owner } from '#shared/api/owned-by';
import type { Column } from '#web/components/ui/data-table.tsx';

/** Why a managed object's actions are disabled. */
export const managedReason = (owner: Owner) =>
  `Managed by ${ownerWords(owner)}: change or delete the ${owner.type === 'kubernetes cluster' ? 'cluster' : owner.type} instead.`;

const ownerWords = (owner: Owner) =>
  owner.type === 'kubernetes cluster'
    ? `Kubernetes cluster ${owner.name}`
    : `${owner.type} ${owner.name}`;

/** A link to the owner's page. */
export function OwnerLink({
  owner,
  projectId,
  location,
}: {
  owner: Owner;
  projectId: string;
  location: string;
}) {
  const cls = 'font-medium text-blue-700 hover:underline dark:text-blue-400';
  if (owner.type === 'kubernetes cluster')
    return (
      <Link
        to="/projects/$projectId/kubernetes/$location/$clusterName"
        params={{ projectId, location, clusterName: owner.name }}
        className={cls}
      >
        Kubernetes cluster {owner.name}
      </Link>
    );
  return <span>{ownerWords(owner)}</span>;
}

/** The note on a managed object's page, above its tabs' content. */
export function ManagedByNotice({
  owner,
  projectId,
  location,
  what,
}: {
  owner: Owner;
  projectId: string;
  location: string;
  /** The object's kind in words: "load balancer". */
  what: string;
}) {
  return (
    <div
      role="note"
      className="rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-100"
    >
      <p>
        <span className="font-semibold">Managed by </span>
        <OwnerLink owner={owner} projectId={projectId} location={location} />. This {what} was made
        for it and goes with it: it cannot be changed or deleted on its own.
      </p>
    </div>
  );
}

/** A list row's mark. */
export function ManagedByMark({
  owner,
  projectId,
  location,
}: {
  owner: Owner;
  projectId: string;
  location: string;
}) {
  return (
    <span className="text-xs text-slate-600 dark:text-slate-400">
      Managed by <OwnerLink owner={owner} projectId={projectId} location={location} />
    </span>
  );
}

/** A list's name column with "Managed by <owner>" under the name of a managed object. */
export function withManagedMark<T extends { owned_by: Owner | null; location: string }>(
  column: Column<T>,
  projectId: string,
): Column<T> {
  return {
    ...column,
    cell: (item) => (
      <>
        {column.cell(item)}
        {item.owned_by ? (
          <span className="block">
            <ManagedByMark owner={item.owned_by} projectId={projectId} location={item.location} />
          </span>
        ) : null}
      </>
    ),
  };
}
