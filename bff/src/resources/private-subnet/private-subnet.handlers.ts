import { connectedSubnetIdOf, privateSubnetKind } from '#shared/api/private-subnet';
import { pageFor } from '../../db/paging.ts';
import { transactionWithRetry, type Tx } from '../../db/transaction.ts';
import type { ProjectAccess } from '../../http/handlers.ts';
import { commonHandlers, nameFromPath } from '../common.ts';
import { kindModule } from '../kind.ts';
import { assertNotManaged } from '../owned-by.ts';
import { firewallKind } from '#shared/api/firewall';
import { findByReference } from '../scoped.ts';
import { privateSubnetJobs } from './private-subnet.jobs.ts';
import {
  connectedSubnetPage,
  connectSubnets,
  deleteSubnet,
  disconnectSubnets,
  insertSubnet,
  SUBNET_LIST,
  subnetView,
  type SubnetRow,
} from './private-subnet.store.ts';

export const privateSubnet = kindModule({
  jobs: privateSubnetJobs,
  handlers(ctx) {
    const { db } = ctx;
    const subnetOf = (
      project: ProjectAccess,
      location: string,
      params: { private_subnet_reference: string },
    ) =>
      findByReference(db, 'private_subnet', project.id, location, params.private_subnet_reference);
    /** Changes the subnet's connections and answers the subnet. */
    const connecting = async (subnet: SubnetRow, change: (tx: Tx) => Promise<void>) => {
      await transactionWithRetry(db, change);
      return subnetView(db, subnet);
    };
    return {
      ...commonHandlers(
        ctx,
        { kind: privateSubnetKind, view: subnetView, list: SUBNET_LIST, remove: deleteSubnet },
        {
          get: ['getPrivateSubnet', 'getPrivateSubnetById'],
          list: ['listPrivateSubnets', 'listLocationPrivateSubnets'],
          rename: ['renamePrivateSubnet'],
          delete: ['deletePrivateSubnet', 'deletePrivateSubnetById'],
        },
      ),
      async createPrivateSubnet({ project, location, params, body }) {
        const name = nameFromPath(privateSubnetKind, params.ps_name);
        if (body?.firewall_id) {
          // Guarding a new subnet would change what a managed firewall does.
          const fw = await db
            .selectFrom('firewall')
            .select(['name', 'owned_by'])
            .where('id', '=', body.firewall_id)
            .where('project_id', '=', project.id)
            .executeTakeFirst();
          if (fw) await assertNotManaged(db, fw, firewallKind.singular);
        }
        const row = await transactionWithRetry(db, (tx) =>
          insertSubnet(
            tx,
            { projectId: project.id, location, name, firewallId: body?.firewall_id },
            ctx.config.quotas,
          ),
        );
        return subnetView(db, row);
      },
      async connectPrivateSubnet({ project, location, params, body }) {
        const subnet = await subnetOf(project, location, params);
        await assertNotManaged(db, subnet, privateSubnetKind.singular);
        return connecting(subnet, (tx) => connectSubnets(tx, subnet, connectedSubnetIdOf(body)));
      },
      async disconnectPrivateSubnet({ project, location, params }) {
        const subnet = await subnetOf(project, location, params);
        await assertNotManaged(db, subnet, privateSubnetKind.singular);
        return connecting(subnet, (tx) => disconnectSubnets(tx, subnet, params.private_subnet_id));
      },
      async listConnectedPrivateSubnets({ project, location, params, query }) {
        const subnet = await subnetOf(project, location, params);
        return connectedSubnetPage(db, subnet.id, pageFor(privateSubnetKind.idKind, query));
      },
    };
  },
});
