// A firewall's list item carries its rules, aggregated from their rows by the list's statement
// (decision 262). What the list shows is checked against the firewall's page, which reads the
// rules' rows, after each change: rules added, changed and deleted.
import { describe, expect, it } from 'vitest';
import { firewallDetailSchema } from '#shared/api/firewall';
import { createFirewall, firewallPath, newOwner } from '../../../test/fixtures.ts';
import { expectSchema, serverForFile } from '../../../test/harness.ts';

const t = await serverForFile();

const rulePath = (project: string, fw: string, rule = '') =>
  `${firewallPath(project, fw)}/firewall-rule${rule ? `/${rule}` : ''}`;

/** The firewall's rules as its list item and its page show them; both must agree. */
async function rulesShown(token: string, project: string, name: string) {
  const page = expectSchema(
    firewallDetailSchema,
    (await t.request('GET', firewallPath(project, name), { token })).body,
  );
  const list = await t.call('listFirewalls', { token, params: { project_id: project } });
  const item = list.body.items.find((f) => f.name === name)!;
  expect(item.firewall_rules).toEqual(page.firewall_rules);
  return item.firewall_rules;
}

async function addRule(token: string, project: string, fw: string, body: Record<string, string>) {
  const res = await t.request('POST', rulePath(project, fw), { token, body });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: string };
}

describe('a firewall’s rules in its list item', () => {
  it('follow rules added, changed and deleted', async () => {
    const { token, project } = await newOwner(t);
    await createFirewall(t, token, project, 'edge');
    expect(await rulesShown(token, project, 'edge')).toEqual([]);

    const ssh = await addRule(token, project, 'edge', {
      cidr: '10.0.0.0/8',
      port_range: '22',
      description: 'ssh "in"',
    });
    const web = await addRule(token, project, 'edge', {
      cidr: '0.0.0.0/0',
      port_range: '443',
      protocol: 'tcp',
    });
    const both = await rulesShown(token, project, 'edge');
    expect(both.map((r) => r.id)).toEqual([ssh.id, web.id].sort());
    expect(both.find((r) => r.id === ssh.id)).toMatchObject({
      cidr: '10.0.0.0/8',
      port_range: '22..22',
      protocol: 'tcp',
      description: 'ssh "in"',
    });

    const changed = await t.request('PATCH', rulePath(project, 'edge', ssh.id), {
      token,
      body: { port_range: '2222', protocol: 'udp' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await rulesShown(token, project, 'edge')).find((r) => r.id === ssh.id)).toMatchObject({
      port_range: '2222..2222',
      protocol: 'udp',
    });

    expect((await t.request('DELETE', rulePath(project, 'edge', web.id), { token })).status).toBe(
      204,
    );
    expect((await rulesShown(token, project, 'edge')).map((r) => r.id)).toEqual([ssh.id]);
    expect((await t.request('DELETE', rulePath(project, 'edge', ssh.id), { token })).status).toBe(
      204,
    );
    expect(await rulesShown(token, project, 'edge')).toEqual([]);
  });
});
