// The console's test kit: Playwright fixtures, page objects and the API helper, for any
// instance of the console reached by base URL (README.md).
export * from './api.ts';
export * from './fixtures.ts';
export * from './types.ts';
export { routes, type KitRoute } from './routes.gen.ts';
export * from './pages/account-page.ts';
export * from './pages/app-header.ts';
export * from './pages/audit-log-page.ts';
export * from './pages/auth-pages.ts';
export * from './pages/base-page.ts';
export * from './pages/firewall.ts';
export * from './pages/kubernetes.ts';
export * from './pages/load-balancer.ts';
export * from './pages/members-page.ts';
export * from './pages/outbox-page.ts';
export * from './pages/postgres.ts';
export * from './pages/private-subnet.ts';
export * from './pages/project-page.ts';
export * from './pages/projects-page.ts';
export * from './pages/settings-ssh-keys.ts';
export * from './pages/settings-tokens.ts';
export * from './pages/settings-webhooks.ts';
export * from './pages/vm-create-page.ts';
export * from './pages/vm-detail-page.ts';
export * from './pages/vm-list-page.ts';
