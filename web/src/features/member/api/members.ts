// A project's members and pending invitations: the queries of the Members settings page and
// the changes made there. Every change refetches both lists and the caller's own membership.
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { InviteMemberBody } from '#shared/api/member';
import { MAX_PAGE_SIZE } from '#shared/wire';
import type { Role } from '#shared/roles';
import { apiRequest, type QueryInputOf } from '#web/lib/api-client.ts';
import { pageQuery, type ListSearch } from '#web/lib/list-search.ts';
import { membershipQueryOptions } from '#web/lib/project-access.ts';

export type ListMembersQuery = NonNullable<QueryInputOf<'listProjectMembers'>>;

/** The API has no search by e-mail: a search loads one page of the maximum size and filters it here. */
export const membersQuery = (search: ListSearch): ListMembersQuery => pageQuery(search, !!search.q);

const membersKey = (projectId: string) => ['member', projectId] as const;

export const listMembersQueryOptions = (projectId: string, query: ListMembersQuery = {}) =>
  queryOptions({
    queryKey: [...membersKey(projectId), 'list', query],
    queryFn: ({ signal }) =>
      apiRequest('listProjectMembers', { params: { project_id: projectId }, query, signal }),
  });

export function useMembers(projectId: string, query: ListMembersQuery) {
  return useQuery({
    ...listMembersQueryOptions(projectId, query),
    placeholderData: keepPreviousData,
  });
}

export { membershipQueryOptions };

/** The caller's own role in the project (what the page offers follows it). */
export function useMyMembership(projectId: string) {
  return useQuery(membershipQueryOptions(projectId));
}

/** Pending invitations are few (one per address): the first page of the largest size. */
export const listInvitationsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: [...membersKey(projectId), 'invitations'],
    queryFn: ({ signal }) =>
      apiRequest('listProjectInvitations', {
        params: { project_id: projectId },
        query: { page_size: String(MAX_PAGE_SIZE) },
        signal,
      }),
  });

export function useInvitations(projectId: string) {
  return useQuery(listInvitationsQueryOptions(projectId));
}

const refetch = (queryClient: QueryClient, projectId: string) =>
  queryClient.invalidateQueries({ queryKey: membersKey(projectId) });

export function useInviteMember(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteMemberBody) =>
      apiRequest('inviteProjectMember', { params: { project_id: projectId }, body }),
    onSuccess: () => refetch(queryClient, projectId),
  });
}

export function useChangeRole(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, role }: { accountId: string; role: Role }) =>
      apiRequest('updateProjectMember', {
        params: { project_id: projectId, account_id: accountId },
        body: { role },
      }),
    onSuccess: () => refetch(queryClient, projectId),
  });
}

export function useRemoveMember(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountId: string) =>
      apiRequest('removeProjectMember', {
        params: { project_id: projectId, account_id: accountId },
      }),
    onSuccess: () => refetch(queryClient, projectId),
  });
}

export function useRevokeInvitation(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      apiRequest('revokeProjectInvitation', {
        params: { project_id: projectId, invitation_id: invitationId },
      }),
    onSuccess: () => refetch(queryClient, projectId),
  });
}

/** Leaving: the caller's pages of the project are gone afterwards, so the caller moves away first (see the leave card). */
export function useLeaveProject(projectId: string) {
  return useMutation({
    mutationFn: () => apiRequest('leaveProject', { params: { project_id: projectId } }),
  });
}
