import { createFileRoute } from '@tanstack/react-router';
import { membershipQueryOptions, useMyMembership } from '#web/features/member/api/members.ts';
import { useProject } from '#web/features/project/api/get-project.ts';
import { UsagePage } from '#web/features/usage/components/usage-page.tsx';
import { matching, searchParams } from '#web/lib/search-params.ts';
import { useTitle } from '#web/lib/use-title.ts';

// Usage: the month's spend (`?month=YYYY-MM`, the current one without), its chart and the
// spend alert (admins).
export const Route = createFileRoute('/_authed/projects/$projectId/usage')({
  staticData: { crumb: 'Usage' },
  validateSearch: searchParams({ month: matching(/^\d{4}-(0[1-9]|1[0-2])$/) }),
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(membershipQueryOptions(params.projectId)),
  component: UsageRoute,
});

function UsageRoute() {
  const { projectId } = Route.useParams();
  const { month } = Route.useSearch();
  const navigate = Route.useNavigate();
  useTitle('Usage', useProject(projectId).data.name);
  const isAdmin = useMyMembership(projectId).data?.role === 'admin';
  return (
    <UsagePage
      projectId={projectId}
      month={month}
      isAdmin={isAdmin}
      onMonth={(m) => void navigate({ search: { month: m }, replace: true })}
    />
  );
}
