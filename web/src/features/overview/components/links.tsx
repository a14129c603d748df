// Links from the overview to a kind's list and to one resource's page.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { OverviewKind } from '../model.ts';

export const linkClass = 'font-medium text-blue-700 hover:underline dark:text-blue-400';

/** Each kind's list page. */
export const LIST_PAGE = {
  kubernetes_cluster: '/projects/$projectId/kubernetes',
  postgres: '/projects/$projectId/databases',
  vm: '/projects/$projectId/compute',
  load_balancer: '/projects/$projectId/networking/load-balancers',
  private_subnet: '/projects/$projectId/networking/subnets',
  firewall: '/projects/$projectId/networking/firewalls',
} as const satisfies Record<OverviewKind, string>;

/** A link to the page of one resource of a kind, by its location and name. */
export function ResourceLink({
  projectId,
  kind,
  location,
  name,
  children,
  className = linkClass,
}: {
  projectId: string;
  kind: OverviewKind;
  location: string;
  name: string;
  children: ReactNode;
  className?: string;
}) {
  const at = { projectId, location };
  switch (kind) {
    case 'vm':
      return (
        <Link
          to="/projects/$projectId/compute/$location/$vmName"
          params={{ ...at, vmName: name }}
          className={className}
        >
          {children}
        </Link>
      );
    case 'private_subnet':
      return (
        <Link
          to="/projects/$projectId/networking/subnets/$location/$subnetName"
          params={{ ...at, subnetName: name }}
          className={className}
        >
          {children}
        </Link>
      );
    case 'firewall':
      return (
        <Link
          to="/projects/$projectId/networking/firewalls/$location/$firewallName"
          params={{ ...at, firewallName: name }}
          className={className}
        >
          {children}
        </Link>
      );
    case 'load_balancer':
      return (
        <Link
          to="/projects/$projectId/networking/load-balancers/$location/$lbName"
          params={{ ...at, lbName: name }}
          className={className}
        >
          {children}
        </Link>
      );
    case 'postgres':
      return (
        <Link
          to="/projects/$projectId/databases/$location/$databaseName"
          params={{ ...at, databaseName: name }}
          className={className}
        >
          {children}
        </Link>
      );
    case 'kubernetes_cluster':
      return (
        <Link
          to="/projects/$projectId/kubernetes/$location/$clusterName"
          params={{ ...at, clusterName: name }}
          className={className}
        >
          {children}
        </Link>
      );
  }
}
