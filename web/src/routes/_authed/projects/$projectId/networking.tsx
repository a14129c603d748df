import { createFileRoute, Link, Outlet, useMatchRoute } from '@tanstack/react-router';

// Networking: the subnets, firewalls and load balancers lists (deep-linkable sub-routes under one heading
// and tab bar), their create pages and the detail pages (which have their own headers).
export const Route = createFileRoute('/_authed/projects/$projectId/networking')({
  staticData: { crumb: 'Networking' },
  component: NetworkingLayout,
});

const tabClass =
  '-mb-px inline-flex items-center border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-slate-600 hover:border-slate-300 hover:text-slate-900 aria-[current=page]:border-blue-600 aria-[current=page]:text-blue-700 dark:text-slate-400 dark:hover:border-slate-600 dark:hover:text-slate-100 dark:aria-[current=page]:border-blue-400 dark:aria-[current=page]:text-blue-300';

function NetworkingLayout() {
  const { projectId } = Route.useParams();
  const matchRoute = useMatchRoute();
  const onList =
    !!matchRoute({ to: '/projects/$projectId/networking/subnets', params: { projectId } }) ||
    !!matchRoute({ to: '/projects/$projectId/networking/firewalls', params: { projectId } }) ||
    !!matchRoute({ to: '/projects/$projectId/networking/load-balancers', params: { projectId } });
  if (!onList) return <Outlet />;
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">Networking</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">Private subnets connect your VMs; firewalls decide which traffic reaches them; load balancers spread it over them.</p>
      <nav aria-label="Networking" className="mt-5 border-b border-slate-200 dark:border-slate-800">
        <ul className="flex gap-1">
          <li>
            <Link to="/projects/$projectId/networking/subnets" params={{ projectId }} activeOptions={{ includeSearch: false }} className={tabClass}>
              Subnets
            </Link>
          </li>
          <li>
            <Link to="/projects/$projectId/networking/firewalls" params={{ projectId }} activeOptions={{ includeSearch: false }} className={tabClass}>
              Firewalls
            </Link>
          </li>
          <li>
            <Link to="/projects/$projectId/networking/load-balancers" params={{ projectId }} activeOptions={{ includeSearch: false }} className={tabClass}>
              Load balancers
            </Link>
          </li>
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
