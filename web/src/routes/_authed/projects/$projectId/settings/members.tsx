import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { forgetProject } from '#web/features/project/api/delete-project.ts';
import { useProject } from '#web/features/project/api/get-project.ts';
import { listProjectsQueryOptions } from '#web/features/project/api/list-projects.ts';
import {
  useMyMembership,
  listMembersQueryOptions,
  membersQuery,
  membershipQueryOptions,
} from '#web/features/member/api/members.ts';
import { InvitationsCard } from '#web/features/member/components/invitations-card.tsx';
import { InviteCard } from '#web/features/member/components/invite-card.tsx';
import { LeaveCard } from '#web/features/member/components/leave-card.tsx';
import { MembersCard } from '#web/features/member/components/members-card.tsx';
import { pagingSearch, querySearch } from '#web/lib/list-search.ts';
import { useTitle } from '#web/lib/use-title.ts';
import { searchParams } from '#web/lib/search-params.ts';

const searchSchema = searchParams({ ...querySearch, ...pagingSearch });

// Settings › Members: who is in the project and with which role. Admins invite, re-role and
// remove; everyone sees the list and may leave.
export const Route = createFileRoute('/_authed/projects/$projectId/settings/members')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ query: membersQuery(search) }),
  loader: ({ context, params, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(listMembersQueryOptions(params.projectId, deps.query)),
      context.queryClient.ensureQueryData(membershipQueryOptions(params.projectId)),
    ]),
  component: MembersSettings,
});

function MembersSettings() {
  const { projectId } = Route.useParams();
  const { data: project } = useProject(projectId);
  useTitle('Members', project.name);
  const search = Route.useSearch();
  const isAdmin = useMyMembership(projectId).data?.role === 'admin';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onLeft = async () => {
    await navigate({ to: '/projects' });
    forgetProject(queryClient, projectId);
    await queryClient.invalidateQueries({ queryKey: listProjectsQueryOptions().queryKey });
  };
  return (
    <div className="space-y-8">
      {isAdmin ? <InviteCard projectId={projectId} /> : null}
      <MembersCard projectId={projectId} search={search} isAdmin={isAdmin} />
      <InvitationsCard projectId={projectId} isAdmin={isAdmin} />
      <LeaveCard projectId={projectId} projectName={project.name} onLeft={onLeft} />
    </div>
  );
}
