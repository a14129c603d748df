import {
  CIDR_OR_SUBNET_MESSAGE,
  DEFAULT_PORT_RANGE,
  firewallKind,
  isAddressLike,
} from '#shared/api/firewall';
import { idPattern } from '#shared/ids';
import type { FirewallDetail } from '#shared/api/firewall';
import type { Queryable } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { invalidRequest, unlessNotFound } from '../../errors.ts';
import type { ProjectAccess } from '../../http/handlers.ts';
import { commonHandlers, nameFromPath } from '../common.ts';
import { assertProjectQuota } from '../scoped.ts';
import { kindModule } from '../kind.ts';
import { assertNotManaged, ownerOf } from '../owned-by.ts';
import { privateSubnetKind } from '#shared/api/private-subnet';
import { attachSubnet, subnetView } from '../private-subnet/private-subnet.store.ts';
import {
  addRule,
  addRuleWithId,
  deleteFirewall,
  findFirewall,
  findRule,
  FIREWALL_LIST,
  insertFirewall,
  ruleView,
  rulesOf,
  type FirewallRow,
  updateRule,
  type RuleInput,
} from './firewall.store.ts';

function ruleInput(body: {
  cidr: string;
  port_range?: string;
  protocol?: 'tcp' | 'udp';
  description?: string;
}): RuleInput {
  return {
    cidr: body.cidr,
    port_range: body.port_range ?? DEFAULT_PORT_RANGE,
    protocol: body.protocol ?? 'tcp',
    description: body.description ?? '',
  };
}

/** `firewall_id` and `project_id` in a rule create's body, when given, must match the path (behaviour.md §9). */
function assertSamePath(
  body: { firewall_id?: string; project_id?: string },
  firewallId: string,
  projectId: string,
): void {
  if (body.firewall_id !== undefined && body.firewall_id !== firewallId)
    throw invalidRequest({ firewall_id: 'firewall_id does not match the firewall in the path.' });
  if (body.project_id !== undefined && body.project_id !== projectId)
    throw invalidRequest({ project_id: 'project_id does not match the project in the path.' });
}

/** A firewall's detailed record: its rules and the full records of the subnets it is attached to (the origin's `FirewallDetailed`). */
async function firewallDetail(db: Queryable, row: FirewallRow): Promise<FirewallDetail> {
  const [firewall_rules, subnets] = await Promise.all([
    rulesOf(db, row.id),
    db
      .selectFrom('firewall_subnet')
      .innerJoin('private_subnet', 'private_subnet.id', 'firewall_subnet.subnet_id')
      .selectAll('private_subnet')
      .where('firewall_subnet.firewall_id', '=', row.id)
      .orderBy('private_subnet.name')
      .execute(),
  ]);
  // A subnet whose destroy finished meanwhile is left out.
  const private_subnets = (
    await Promise.all(subnets.map((ps) => unlessNotFound(subnetView(db, ps))))
  ).filter((ps) => ps !== undefined);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    location: row.location,
    firewall_rules,
    owned_by: await ownerOf(db, row.owned_by),
    private_subnets,
  };
}

export const firewall = kindModule({
  handlers(ctx) {
    const { db } = ctx;
    const firewallOf = (project: ProjectAccess, location: string, reference: string) =>
      findFirewall(db, project.id, location, reference);
    /** The firewall, unless it is managed by another object (409 naming it, decision 287). */
    const ownFirewallOf = async (project: ProjectAccess, location: string, reference: string) => {
      const fw = await firewallOf(project, location, reference);
      await assertNotManaged(db, fw, firewallKind.singular);
      return fw;
    };
    /** 409 when the subnet (of the project) is managed: its firewalls are its owner's. */
    const assertOwnSubnet = async (project: ProjectAccess, subnetId: string) => {
      const subnet = await db
        .selectFrom('private_subnet')
        .select(['name', 'owned_by'])
        .where('id', '=', subnetId)
        .where('project_id', '=', project.id)
        .executeTakeFirst();
      if (subnet) await assertNotManaged(db, subnet, privateSubnetKind.singular);
    };

    return {
      ...commonHandlers(
        ctx,
        { kind: firewallKind, view: firewallDetail, list: FIREWALL_LIST, remove: deleteFirewall },
        {
          get: ['getFirewall'],
          list: ['listFirewalls', 'listLocationFirewalls'],
          rename: ['renameFirewall'],
          delete: ['deleteFirewall'],
        },
      ),

      async createFirewall({ project, location, params, body }) {
        const name = nameFromPath(firewallKind, params.firewall_reference);
        const row = await transactionWithRetry(db, async (tx) => {
          await assertProjectQuota(tx, firewallKind, project.id, ctx.config.quotas);
          return insertFirewall(tx, {
            projectId: project.id,
            location,
            name,
            description: body?.description ?? '',
          });
        });
        return firewallDetail(db, row);
      },

      async updateFirewall({ project, location, params, body }) {
        const fw = await ownFirewallOf(project, location, params.firewall_reference);
        await db
          .updateTable('firewall')
          .set({ description: body.description })
          .where('id', '=', fw.id)
          .execute();
        return firewallDetail(db, { ...fw, description: body.description });
      },

      async attachFirewallSubnet({ project, location, params, body }) {
        const fw = await ownFirewallOf(project, location, params.firewall_reference);
        await assertOwnSubnet(project, body.private_subnet_id);
        await db.transaction().execute((tx) => attachSubnet(tx, fw, body.private_subnet_id));
        return firewallDetail(db, fw);
      },

      async detachFirewallSubnet({ project, location, params, body }) {
        const fw = await ownFirewallOf(project, location, params.firewall_reference);
        await assertOwnSubnet(project, body.private_subnet_id);
        await db
          .deleteFrom('firewall_subnet')
          .where('firewall_id', '=', fw.id)
          .where('subnet_id', '=', body.private_subnet_id)
          .execute();
        return firewallDetail(db, fw);
      },

      async createFirewallRuleWithId({ project, location, params, body }) {
        const fw = await ownFirewallOf(project, location, params.firewall_reference);
        assertSamePath(body, fw.id, project.id);
        const rule = await transactionWithRetry(db, (tx) =>
          addRuleWithId(tx, fw.id, params.firewall_rule_id, ruleInput(body), ctx.config.quotas),
        );
        const { id, cidr, port_range } = ruleView(rule);
        return { id, cidr, port_range };
      },

      async createFirewallRule({ project, location, params, body }) {
        const fw = await ownFirewallOf(project, location, params.firewall_reference);
        assertSamePath(body, fw.id, project.id);
        if (isAddressLike(body.cidr))
          return ruleView(
            await transactionWithRetry(db, (tx) =>
              addRule(tx, fw.id, ruleInput(body), ctx.config.quotas),
            ),
          );
        // A subnet's ID or name: a rule for its IPv4 and one for its IPv6 network, answered together (as the origin).
        const subnet = await db
          .selectFrom('private_subnet')
          .select(['net4', 'net6'])
          .where('project_id', '=', project.id)
          .where('location', '=', location)
          .where((eb) =>
            idPattern('privateSubnet').test(body.cidr)
              ? eb('id', '=', body.cidr)
              : eb('name', '=', body.cidr),
          )
          .executeTakeFirst();
        if (!subnet) throw invalidRequest({ cidr: CIDR_OR_SUBNET_MESSAGE });
        const rules = await transactionWithRetry(db, async (tx) => [
          await addRule(tx, fw.id, ruleInput({ ...body, cidr: subnet.net4 }), ctx.config.quotas),
          await addRule(tx, fw.id, ruleInput({ ...body, cidr: subnet.net6 }), ctx.config.quotas),
        ]);
        return rules.map(ruleView);
      },

      async getFirewallRule({ project, location, params }) {
        const fw = await firewallOf(project, location, params.firewall_reference);
        return ruleView(await findRule(db, fw.id, params.firewall_rule_id));
      },

      async updateFirewallRule({ project, location, params, body }) {
        const fw = await ownFirewallOf(project, location, params.firewall_reference);
        return transactionWithRetry(db, (tx) =>
          updateRule(tx, fw.id, params.firewall_rule_id, body),
        );
      },

      async deleteFirewallRule({ project, location, params }) {
        const fw = await ownFirewallOf(project, location, params.firewall_reference);
        await db
          .deleteFrom('firewall_rule')
          .where('id', '=', params.firewall_rule_id)
          .where('firewall_id', '=', fw.id)
          .execute();
      },
    };
  },
});
