import { loadBalancerKind } from '#shared/api/load-balancer';
import type { Queryable } from '../../db/database.ts';
import type { Tx } from '../../db/transaction.ts';
import { commonHandlers, inJobTransaction, nameFromPath } from '../common.ts';
import { kindModule } from '../kind.ts';
import { assertNotManaged } from '../owned-by.ts';
import { loadBalancerJobs } from './load-balancer.jobs.ts';
import {
  attachVm,
  createLoadBalancer,
  deleteLoadBalancer,
  detachVm,
  setCertEnabled,
  updateLoadBalancer,
} from './load-balancer.service.ts';
import {
  findLoadBalancer,
  loadBalancerList,
  loadBalancerView,
  type LoadBalancerRow,
} from './load-balancer.store.ts';

type At = {
  project: { id: string };
  location: string;
  params: { load_balancer_reference: string };
};

export const loadBalancer = kindModule({
  jobs: loadBalancerJobs,
  handlers(ctx) {
    const { db } = ctx;
    const domain = ctx.config.serviceDomain;
    const view = (q: Queryable, row: LoadBalancerRow) => loadBalancerView(q, row, domain);
    /** Finds the load balancer, changes it in a job transaction, answers its record. */
    const change = async (a: At, fn: (tx: Tx, lb: LoadBalancerRow) => Promise<LoadBalancerRow>) => {
      const found = await findLoadBalancer(
        db,
        a.project.id,
        a.location,
        a.params.load_balancer_reference,
      );
      await assertNotManaged(db, found, loadBalancerKind.singular);
      return view(db, await inJobTransaction(ctx, (tx) => fn(tx, found)));
    };
    return {
      ...commonHandlers(
        ctx,
        {
          kind: loadBalancerKind,
          view,
          list: loadBalancerList(domain),
          remove: deleteLoadBalancer,
        },
        {
          get: ['getLoadBalancer'],
          list: ['listLoadBalancers', 'listLocationLoadBalancers'],
          rename: ['renameLoadBalancer'],
          delete: ['deleteLoadBalancer'],
        },
      ),
      async createLoadBalancer({ project, location, params, body }) {
        const name = nameFromPath(loadBalancerKind, params.load_balancer_reference);
        return view(
          db,
          await inJobTransaction(ctx, (tx) =>
            createLoadBalancer(
              tx,
              { ...body, projectId: project.id, location, name },
              ctx.config.quotas,
            ),
          ),
        );
      },
      updateLoadBalancer: (a) => change(a, (tx, lb) => updateLoadBalancer(tx, lb, a.body)),
      attachLoadBalancerVm: (a) => change(a, (tx, lb) => attachVm(tx, lb, a.body.vm_id)),
      detachLoadBalancerVm: (a) => change(a, (tx, lb) => detachVm(tx, lb, a.body.vm_id)),
      toggleLoadBalancerSslCertificate: (a) =>
        change(a, (tx, lb) => setCertEnabled(tx, lb, a.body.cert_enabled)),
    };
  },
});
