import { privateSubnetKind } from '#shared/api/private-subnet';
import { transactionWithRetry } from '../../db/transaction.ts';
import { commonHandlers, nameFromPath } from '../common.ts';
import { kindModule } from '../kind.ts';
import { privateSubnetJobs } from './private-subnet.jobs.ts';
import { deleteSubnet, insertSubnet, subnetView, subnetViews } from './private-subnet.store.ts';

export const privateSubnet = kindModule({
  jobs: privateSubnetJobs,
  handlers(ctx) {
    const { db } = ctx;
    return {
      ...commonHandlers(
        ctx,
        { kind: privateSubnetKind, view: subnetView, listItems: subnetViews, remove: deleteSubnet },
        {
          get: ['getPrivateSubnet', 'getPrivateSubnetById'],
          list: ['listPrivateSubnets', 'listLocationPrivateSubnets'],
          rename: ['renamePrivateSubnet'],
          delete: ['deletePrivateSubnet', 'deletePrivateSubnetById'],
        },
      ),
      async createPrivateSubnet({ project, location, params, body }) {
        const name = nameFromPath(privateSubnetKind, params.ps_name);
        const row = await transactionWithRetry(db, (tx) => insertSubnet(tx, { projectId: project.id, location, name, firewallId: body?.firewall_id }, ctx.config.quotas));
        return subnetView(db, row);
      },
    };
  },
});
