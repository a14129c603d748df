// THE route table: each kind's routes (in `shared/api/<kind>.ts`), merged, one line per kind.
// The BFF mounts from it, the OpenAPI document is generated from it and the web client is
// typed from it. Paths are written OpenAPI-style, relative to `base`.
import type { z } from 'zod';
import { accountRoutes } from './api/account.ts';
import { auditRoutes } from './api/audit.ts';
import { usageRoutes } from './api/usage.ts';
import { eventStreamRoutes } from './api/event-stream.ts';
import { authRoutes } from './api/auth.ts';
import { firewallKind, firewallRoutes } from './api/firewall.ts';
import { githubRoutes } from './api/github.ts';
import { kubernetesClusterKind, kubernetesRoutes } from './api/kubernetes.ts';
import { loadBalancerKind, loadBalancerRoutes } from './api/load-balancer.ts';
import { mailRoutes } from './api/mail.ts';
import { memberRoutes } from './api/member.ts';
import { postgresKind, postgresRoutes } from './api/postgres.ts';
import { privateSubnetKind, privateSubnetRoutes } from './api/private-subnet.ts';
import { projectRoutes } from './api/project.ts';
import { retryRoutes } from './api/retry.ts';
import { testModeRoutes } from './api/test-mode.ts';
import { verificationRoutes } from './api/verification.ts';
import { tokenRoutes } from './api/token.ts';

import { objectInfoRoutes } from './api/object-info.ts';
import { sshPublicKeyKind, sshPublicKeyRoutes } from './api/ssh-public-key.ts';
import { vmKind, vmRoutes } from './api/vm.ts';
import { webhookKind, webhookRoutes } from './api/webhook.ts';
import type { RouteList } from './route-helpers.ts';

export type { KindDescriptor, RouteDef } from './route-helpers.ts';

export const routes = {
  ...authRoutes,
  ...projectRoutes,
  ...privateSubnetRoutes,
  ...vmRoutes,
  ...firewallRoutes,
  ...loadBalancerRoutes,
  ...postgresRoutes,
  ...githubRoutes,
  ...kubernetesRoutes,
  ...mailRoutes,
  ...verificationRoutes,
  ...accountRoutes,
  ...tokenRoutes,
  ...memberRoutes,
  ...objectInfoRoutes,
  ...sshPublicKeyRoutes,
  ...auditRoutes,
  ...usageRoutes,
  ...eventStreamRoutes,
  ...webhookRoutes,
  ...retryRoutes,
  ...testModeRoutes,
} as const satisfies RouteList;

/**
 * The resource kinds that live in a project, in the order a project is emptied (what runs
 * inside a subnet before the subnet, then what guards it; a load balancer before its VMs).
 */
export const kinds = [
  kubernetesClusterKind,
  loadBalancerKind,
  postgresKind,
  vmKind,
  privateSubnetKind,
  firewallKind,
] as const;

/** Kinds that live in a project but in no location: they go with the project, which need not be emptied of them. */
export const projectKinds = [sshPublicKeyKind, webhookKind] as const;

export type Routes = typeof routes;
export type OperationId = keyof Routes;

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type In<T> = T extends z.ZodType ? z.input<T> : undefined;

export type ParamsOf<Op extends OperationId> = Out<
  Routes[Op] extends { params: infer P } ? P : undefined
>;
export type QueryOf<Op extends OperationId> = Out<
  Routes[Op] extends { query: infer Q } ? Q : undefined
>;
export type BodyOf<Op extends OperationId> = Out<
  Routes[Op] extends { body: infer B } ? B : undefined
>;
export type BodyInputOf<Op extends OperationId> = In<
  Routes[Op] extends { body: infer B } ? B : undefined
>;
export type ResponseOf<Op extends OperationId> = Routes[Op] extends { response: infer R }
  ? Out<R>
  : void;

/** `/project/{project_id}` → `/project/:project_id` (Express). */
export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

export { fillPath, PathParamError } from './wire.ts';
