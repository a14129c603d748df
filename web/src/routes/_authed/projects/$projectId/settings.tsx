import { createFileRoute } from '@tanstack/react-router';
import { SectionTabs } from '#web/components/ui/tabs.tsx';

// Project settings: one heading and a tab bar over deep-linkable sub-pages. A new settings page
// is a route file under settings/ and one line in `tabs`.
export const Route = createFileRoute('/_authed/projects/$projectId/settings')({
  staticData: { crumb: 'Settings' },
  component: SettingsLayout,
});

const tabs = [
  { to: '/projects/$projectId/settings', label: 'General', exact: true },
  { to: '/projects/$projectId/settings/tokens', label: 'Tokens' },
  { to: '/projects/$projectId/settings/members', label: 'Members' },
  { to: '/projects/$projectId/settings/ssh-keys', label: 'SSH keys' },
  { to: '/projects/$projectId/settings/audit-log', label: 'Audit log' },
  { to: '/projects/$projectId/settings/webhooks', label: 'Webhooks' },
] as const;

function SettingsLayout() {
  const { projectId } = Route.useParams();
  return <SectionTabs title="Settings" projectId={projectId} tabs={tabs} />;
}
