// The signed-in frame: a header with the brand, the project switcher, the command palette, the API reference,
// the activity bell, the theme toggle and the account menu; the page below.
import { Link, Outlet } from '@tanstack/react-router';
import { MAX_PAGE_SIZE } from '#shared/wire';
import { LogoMark } from '../components/layout/logo.tsx';
import { ThemeToggle } from '../components/layout/theme-toggle.tsx';
import { ActivityBell } from '../features/activity/components/activity-bell.tsx';
import { AccountMenu } from '../features/auth/components/account-menu.tsx';
import { listFirewallsQueryOptions } from '../features/firewall/api/list-firewalls.ts';
import { listClustersQueryOptions } from '../features/kubernetes/api/kubernetes.ts';
import { listLoadBalancersQueryOptions } from '../features/load-balancer/api/list-load-balancers.ts';
import {
  CommandPalette,
  type PalettePage,
  type PaletteSource,
} from '../features/palette/components/command-palette.tsx';
import { listPostgresQueryOptions } from '../features/postgres/api/postgres.ts';
import { listPrivateSubnetsQueryOptions } from '../features/private-subnet/api/list-private-subnets.ts';
import { useProjects } from '../features/project/api/list-projects.ts';
import { PROJECT_PAGES } from '../features/project/components/project-shell.tsx';
import { ProjectSwitcher } from '../features/project/components/project-switcher.tsx';
import { listVmsQueryOptions } from '../features/vm/api/list-vms.ts';

/** Every resource of a kind in one request: the palette matches names and IDs among them. */
const ALL = { page_size: String(MAX_PAGE_SIZE) };
const PALETTE_SOURCES: PaletteSource[] = [
  { kind: 'vm', label: 'VM', query: (id) => listVmsQueryOptions(id, ALL) },
  {
    kind: 'privateSubnet',
    label: 'Subnet',
    query: (id) => listPrivateSubnetsQueryOptions(id, ALL),
  },
  { kind: 'firewall', label: 'Firewall', query: (id) => listFirewallsQueryOptions(id, ALL) },
  {
    kind: 'loadBalancer',
    label: 'Load balancer',
    query: (id) => listLoadBalancersQueryOptions(id, ALL),
  },
  { kind: 'postgres', label: 'Database', query: (id) => listPostgresQueryOptions(id, ALL) },
  {
    kind: 'kubernetesCluster',
    label: 'Kubernetes cluster',
    query: (id) => listClustersQueryOptions(id, ALL),
  },
];
/** The account's pages, offered everywhere. */
const ACCOUNT_PAGES: PalettePage[] = [
  { label: 'Projects', to: '/projects' },
  { label: 'New project', to: '/projects/new' },
  { label: 'Account', to: '/account' },
];

export function AppLayout({ accountId, email }: { accountId: string; email: string }) {
  // The switcher's query (the same key): names for the activity list, no request of its own.
  const projects = useProjects({ order_column: 'name', page_size: '50' }).data?.items;
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
        <div className="flex h-14 items-center gap-3 px-4 sm:px-6">
          <Link
            to="/projects"
            className="flex items-center gap-2 rounded-md pr-2 font-semibold tracking-tight"
          >
            <LogoMark />
            {/* Named on a phone too, where only the logo shows. */}
            <span className="sr-only sm:not-sr-only">Cloud console</span>
          </Link>
          <span className="text-slate-300 dark:text-slate-700" aria-hidden="true">
            /
          </span>
          <ProjectSwitcher />
          <div className="flex-1" />
          <CommandPalette
            pages={ACCOUNT_PAGES}
            projectPages={PROJECT_PAGES}
            sources={PALETTE_SOURCES}
          />
          <a
            href="/api/docs/"
            className="hidden h-9 items-center rounded-md px-3 text-sm text-slate-700 hover:bg-slate-100 md:inline-flex dark:text-slate-200 dark:hover:bg-slate-800"
          >
            API reference
          </a>
          <ActivityBell
            accountId={accountId}
            projectName={(id) => projects?.find((p) => p.id === id)?.name}
          />
          <ThemeToggle />
          <AccountMenu email={email} />
        </div>
      </header>
      <div className="flex flex-1 flex-col">
        <Outlet />
      </div>
    </div>
  );
}
