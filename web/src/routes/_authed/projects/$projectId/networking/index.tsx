import { createFileRoute, redirect } from '@tanstack/react-router';

// `/networking` opens the Subnets tab.
export const Route = createFileRoute('/_authed/projects/$projectId/networking/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/projects/$projectId/networking/subnets', params, replace: true });
  },
});
