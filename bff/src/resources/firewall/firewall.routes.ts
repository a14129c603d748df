import { DEFAULT_PORT_RANGE } from '#shared/api/firewall';
import { resourceName } from '#shared/names';
import type { AppContext } from '../../context.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { ApiError, fieldError, invalidRequest, unlessNotFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/mount.ts';
import { pageFor } from '../../http/pagination.ts';
import { findSubnetById } from '../private-subnet/private-subnet.store.ts';
import { assertNameFree } from '../scoped.ts';
import {
  findDuplicateRule,
  findFirewall,
  findRule,
  firewallDetail,
  insertFirewall,
  insertRule,
  listFirewalls,
  ruleView,
  sameRule,
  type RuleInput,
} from './firewall.store.ts';

const duplicateRule = () => invalidRequest({ cidr: 'An identical rule (CIDR, ports and protocol) already exists in this firewall.' });

function ruleInput(body: { cidr: string; port_range?: string; protocol?: 'tcp' | 'udp'; description?: string }): RuleInput {
  return { cidr: body.cidr, port_range: body.port_range ?? DEFAULT_PORT_RANGE, protocol: body.protocol ?? 'tcp', description: body.description ?? '' };
}

export function firewallHandlers(ctx: AppContext): Handlers<
  | 'listFirewalls' | 'listLocationFirewalls' | 'createFirewall' | 'getFirewall' | 'updateFirewall' | 'renameFirewall'
  | 'deleteFirewall' | 'attachFirewallSubnet' | 'detachFirewallSubnet'
  | 'createFirewallRuleWithId' | 'createFirewallRule' | 'getFirewallRule' | 'updateFirewallRule' | 'deleteFirewallRule'
> {
  const { db } = ctx;
  const firewallOf = (project: { id: string }, location: string, reference: string) => findFirewall(db, project.id, location, reference);

  return {
    async listFirewalls({ project, query }) {
      return listFirewalls(db, project.id, undefined, pageFor('firewall', query));
    },

    async listLocationFirewalls({ project, location, query }) {
      return listFirewalls(db, project.id, location, pageFor('firewall', query));
    },

    async createFirewall({ project, location, params, body }) {
      const name = resourceName('firewall').safeParse(params.firewall_reference);
      if (!name.success) throw fieldError('name', name.error);
      const row = await transactionWithRetry(db, (tx) =>
        insertFirewall(tx, { projectId: project.id, location, name: name.data, description: body?.description ?? '' }),
      );
      return firewallDetail(db, row);
    },

    async getFirewall({ project, location, params }) {
      return firewallDetail(db, await firewallOf(project, location, params.firewall_reference));
    },

    async updateFirewall({ project, location, params, body }) {
      const fw = await firewallOf(project, location, params.firewall_reference);
      await db.updateTable('firewall').set({ description: body.description }).where('id', '=', fw.id).execute();
      return firewallDetail(db, { ...fw, description: body.description });
    },

    async renameFirewall({ project, location, params, body }) {
      const fw = await firewallOf(project, location, params.firewall_reference);
      await transactionWithRetry(db, async (tx) => {
        await assertNameFree(tx, 'firewall', project.id, location, body.name, fw.id);
        await tx.updateTable('firewall').set({ name: body.name }).where('id', '=', fw.id).execute();
      });
      return firewallDetail(db, { ...fw, name: body.name });
    },

    async deleteFirewall({ project, location, params }) {
      const fw = await unlessNotFound(firewallOf(project, location, params.firewall_reference));
      // Rules and subnet attachments go with it (ON DELETE CASCADE).
      if (fw) await db.deleteFrom('firewall').where('id', '=', fw.id).execute();
    },

    async attachFirewallSubnet({ project, location, params, body }) {
      const fw = await firewallOf(project, location, params.firewall_reference);
      await db.transaction().execute(async (tx) => {
        // The subnet row stays locked until the attachment commits: a delete waits for it.
        const subnet = await findSubnetById(tx, project.id, body.private_subnet_id);
        if (!subnet) throw invalidRequest({ private_subnet_id: 'No private subnet with this ID in the project.' });
        if (subnet.location !== fw.location) throw invalidRequest({ private_subnet_id: `The private subnet is in ${subnet.location}; the firewall is in ${fw.location}.` });
        if (subnet.state === 'deleting') throw new ApiError('Conflict', 'The private subnet is being deleted.');
        await tx.insertInto('firewall_subnet').values({ firewall_id: fw.id, subnet_id: subnet.id }).onConflict((oc) => oc.doNothing()).execute();
      });
      return firewallDetail(db, fw);
    },

    async detachFirewallSubnet({ project, location, params, body }) {
      const fw = await firewallOf(project, location, params.firewall_reference);
      await db.deleteFrom('firewall_subnet').where('firewall_id', '=', fw.id).where('subnet_id', '=', body.private_subnet_id).execute();
      return firewallDetail(db, fw);
    },

    // The spec's create: the client picks the rule ID, so a retried request is answered with
    // the rule it made; the same ID with other content is a conflict.
    async createFirewallRuleWithId({ project, location, params, body }) {
      const fw = await firewallOf(project, location, params.firewall_reference);
      if (body.firewall_id !== undefined && body.firewall_id !== fw.id) throw invalidRequest({ firewall_id: 'firewall_id does not match the firewall in the path.' });
      if (body.project_id !== undefined && body.project_id !== project.id) throw invalidRequest({ project_id: 'project_id does not match the project in the path.' });
      const input = ruleInput(body);
      const rule = await transactionWithRetry(db, async (tx) => {
        const existing = await tx.selectFrom('firewall_rule').selectAll().where('id', '=', params.firewall_rule_id).executeTakeFirst();
        if (existing) {
          if (existing.firewall_id === fw.id && sameRule(existing, input)) return existing;
          throw new ApiError('Conflict', 'A firewall rule with this ID already exists with other content.');
        }
        const duplicate = await findDuplicateRule(tx, fw.id, input);
        // A concurrent repeat of this very request may have committed since the lookup above.
        if (duplicate?.id === params.firewall_rule_id) return findRule(tx, fw.id, duplicate.id);
        if (duplicate) throw duplicateRule();
        return insertRule(tx, fw.id, input, params.firewall_rule_id);
      });
      const { id, cidr, port_range } = ruleView(rule);
      return { id, cidr, port_range };
    },

    async createFirewallRule({ project, location, params, body }) {
      const fw = await firewallOf(project, location, params.firewall_reference);
      const input = ruleInput(body);
      return ruleView(
        await transactionWithRetry(db, async (tx) => {
          if (await findDuplicateRule(tx, fw.id, input)) throw duplicateRule();
          return insertRule(tx, fw.id, input);
        }),
      );
    },

    async getFirewallRule({ project, location, params }) {
      const fw = await firewallOf(project, location, params.firewall_reference);
      return ruleView(await findRule(db, fw.id, params.firewall_rule_id));
    },

    async updateFirewallRule({ project, location, params, body }) {
      const fw = await firewallOf(project, location, params.firewall_reference);
      return transactionWithRetry(db, async (tx) => {
        const current = ruleView(await findRule(tx, fw.id, params.firewall_rule_id));
        const next: RuleInput = { ...current, ...body };
        if (await findDuplicateRule(tx, fw.id, next, current.id)) throw duplicateRule();
        const [start, end] = next.port_range.split('..').map(Number);
        await tx
          .updateTable('firewall_rule')
          .set({ cidr: next.cidr, port_start: start!, port_end: end!, protocol: next.protocol, description: next.description })
          .where('id', '=', current.id)
          .execute();
        return { id: current.id, ...next };
      });
    },

    async deleteFirewallRule({ project, location, params }) {
      const fw = await firewallOf(project, location, params.firewall_reference);
      await db.deleteFrom('firewall_rule').where('id', '=', params.firewall_rule_id).where('firewall_id', '=', fw.id).execute();
    },
  };
}
