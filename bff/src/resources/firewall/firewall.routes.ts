import { DEFAULT_PORT_RANGE, firewallKind } from '#shared/api/firewall';
import { transactionWithRetry } from '../../db/transaction.ts';
import { invalidRequest } from '../../errors.ts';
import type { ProjectAccess } from '../../http/handlers.ts';
import { commonHandlers, nameFromPath } from '../common.ts';
import { assertProjectQuota } from '../scoped.ts';
import { kindModule } from '../kind.ts';
import { attachSubnet } from '../private-subnet/private-subnet.store.ts';
import {
  addRule,
  addRuleWithId,
  deleteFirewall,
  findFirewall,
  findRule,
  firewallDetail,
  FIREWALL_LIST,
  insertFirewall,
  ruleView,
  updateRule,
  type RuleInput,
} from './firewall.store.ts';

function ruleInput(body: { cidr: string; port_range?: string; protocol?: 'tcp' | 'udp'; description?: string }): RuleInput {
  return { cidr: body.cidr, port_range: body.port_range ?? DEFAULT_PORT_RANGE, protocol: body.protocol ?? 'tcp', description: body.description ?? '' };
}

export const firewall = kindModule({
  handlers(ctx) {
    const { db } = ctx;
    const firewallOf = (project: ProjectAccess, location: string, reference: string) => findFirewall(db, project.id, location, reference);

    return {
      ...commonHandlers(
        ctx,
        { kind: firewallKind, view: firewallDetail, list: FIREWALL_LIST, remove: deleteFirewall },
        { get: ['getFirewall'], list: ['listFirewalls', 'listLocationFirewalls'], rename: ['renameFirewall'], delete: ['deleteFirewall'] },
      ),

      async createFirewall({ project, location, params, body }) {
        const name = nameFromPath(firewallKind, params.firewall_reference);
        const row = await transactionWithRetry(db, async (tx) => {
          await assertProjectQuota(tx, firewallKind, project.id, ctx.config.quotas);
          return insertFirewall(tx, { projectId: project.id, location, name, description: body?.description ?? '' });
        });
        return firewallDetail(db, row);
      },

      async updateFirewall({ project, location, params, body }) {
        const fw = await firewallOf(project, location, params.firewall_reference);
        await db.updateTable('firewall').set({ description: body.description }).where('id', '=', fw.id).execute();
        return firewallDetail(db, { ...fw, description: body.description });
      },

      async attachFirewallSubnet({ project, location, params, body }) {
        const fw = await firewallOf(project, location, params.firewall_reference);
        await db.transaction().execute((tx) => attachSubnet(tx, fw, body.private_subnet_id));
        return firewallDetail(db, fw);
      },

      async detachFirewallSubnet({ project, location, params, body }) {
        const fw = await firewallOf(project, location, params.firewall_reference);
        await db.deleteFrom('firewall_subnet').where('firewall_id', '=', fw.id).where('subnet_id', '=', body.private_subnet_id).execute();
        return firewallDetail(db, fw);
      },

      async createFirewallRuleWithId({ project, location, params, body }) {
        const fw = await firewallOf(project, location, params.firewall_reference);
        if (body.firewall_id !== undefined && body.firewall_id !== fw.id) throw invalidRequest({ firewall_id: 'firewall_id does not match the firewall in the path.' });
        if (body.project_id !== undefined && body.project_id !== project.id) throw invalidRequest({ project_id: 'project_id does not match the project in the path.' });
        const rule = await transactionWithRetry(db, (tx) => addRuleWithId(tx, fw.id, params.firewall_rule_id, ruleInput(body), ctx.config.quotas));
        const { id, cidr, port_range } = ruleView(rule);
        return { id, cidr, port_range };
      },

      async createFirewallRule({ project, location, params, body }) {
        const fw = await firewallOf(project, location, params.firewall_reference);
        return ruleView(await transactionWithRetry(db, (tx) => addRule(tx, fw.id, ruleInput(body), ctx.config.quotas)));
      },

      async getFirewallRule({ project, location, params }) {
        const fw = await firewallOf(project, location, params.firewall_reference);
        return ruleView(await findRule(db, fw.id, params.firewall_rule_id));
      },

      async updateFirewallRule({ project, location, params, body }) {
        const fw = await firewallOf(project, location, params.firewall_reference);
        return transactionWithRetry(db, (tx) => updateRule(tx, fw.id, params.firewall_rule_id, body));
      },

      async deleteFirewallRule({ project, location, params }) {
        const fw = await firewallOf(project, location, params.firewall_reference);
        await db.deleteFrom('firewall_rule').where('id', '=', params.firewall_rule_id).where('firewall_id', '=', fw.id).execute();
      },
    };
  },
});
