// What the caller's role in the current project allows (shared/roles.ts), for every action
// button of the console at once: a button that changes the project says what it needs
// (`<Button access="write">`), and a role that does not allow it makes it inert with the
// reason, so a viewer sees what they cannot do before trying (issue 29). The server still
// decides (http/pipeline.ts `authorize`); this only mirrors it.
import { createContext, useContext } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { roleAllows, type Access } from '#shared/roles';
import { apiRequest } from './api-client.ts';

/** The caller's own membership (`GET P/member/me`); its key is under the project's members, so their changes refetch it. */
export const membershipQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: ['member', projectId, 'me'] as const,
    queryFn: ({ signal }) =>
      apiRequest('getProjectMembership', { params: { project_id: projectId }, signal }),
  });

/** Why the role cannot do what needs `access`, said on the control. */
export const ACCESS_DENIED: Record<Exclude<Access, 'read'>, string> = {
  write: 'Viewers cannot change this project.',
  admin: 'Only admins of this project can do this.',
};

/**
 * Why the caller may not do what needs `access` in the project of the current page, or
 * undefined when they may (also outside a project, and while the role is not known yet: the
 * server refuses what the role does not allow anyway).
 */
export function useAccessDenied(access: Access | undefined): string | undefined {
  const managed = useContext(ManagedScope);
  const projectId = (useParams({ strict: false }) as { projectId?: string }).projectId;
  const { data } = useQuery({
    ...membershipQueryOptions(projectId ?? ''),
    enabled: !!projectId && !!access && access !== 'read',
  });
  // Inside a managed object's page every change is its owner's (decision 287).
  if (managed && access && access !== 'read') return managed;
  if (!projectId || !access || access === 'read' || !data) return undefined;
  return roleAllows(data.role, access) ? undefined : ACCESS_DENIED[access];
}

/**
 * Around the controls of an object another one manages (a cluster's load balancer, subnet or
 * firewall): why they cannot change it, e.g. "Managed by Kubernetes cluster apps: …". Every
 * `access="write"` button inside is then inert with that reason, as for a viewer.
 */
export const ManagedScope = createContext<string | undefined>(undefined);
