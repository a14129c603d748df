import { createFileRoute, Link, Outlet } from '@tanstack/react-router';

// Project settings: one heading and a tab bar over deep-linkable sub-pages. A new settings page
// is a route file under settings/ and one line in `tabs`.
export const Route = createFileRoute('/_authed/projects/$projectId/settings')({
  staticData: { crumb: 'Settings' },
  component: SettingsLayout,
});

const tabs = [
  { to: '/projects/$projectId/settings', label: 'General' },
  { to: '/projects/$projectId/settings/tokens', label: 'Tokens' },
  { to: '/projects/$projectId/settings/members', label: 'Members' },
  { to: '/projects/$projectId/settings/ssh-keys', label: 'SSH keys' },
  { to: '/projects/$projectId/settings/audit-log', label: 'Audit log' },
  { to: '/projects/$projectId/settings/webhooks', label: 'Webhooks' },
] as const;

const tabClass =
  '-mb-px inline-flex items-center border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-slate-600 hover:border-slate-300 hover:text-slate-900 aria-[current=page]:border-blue-600 aria-[current=page]:text-blue-700 dark:text-slate-400 dark:hover:border-slate-600 dark:hover:text-slate-100 dark:aria-[current=page]:border-blue-400 dark:aria-[current=page]:text-blue-300';

function SettingsLayout() {
  const { projectId } = Route.useParams();
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
      <nav aria-label="Settings" className="mt-5 border-b border-slate-200 dark:border-slate-800">
        <ul className="flex flex-wrap gap-1">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <Link to={tab.to} params={{ projectId }} activeOptions={{ exact: tab.label === 'General', includeSearch: false }} className={tabClass}>
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
