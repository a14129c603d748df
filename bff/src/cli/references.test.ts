// `ubi` with words that are no reference: `.`, `..` and empty names or IDs must name nothing
// (a URL drops such segments, so they would have reached another route: `fw x delete-rule ..`
// deleted the firewall), and words that are properties of every JavaScript object
// (`constructor`, `__proto__`) are no commands.
import { describe, expect, it } from 'vitest';
import { LOC, SSH_KEY, createVm, waitForVmState } from '../../test/fixtures.ts';
import { cliForFile } from '../../test/cli-fixture.ts';

const { t, owner, cli } = await cliForFile();

const NOT_FOUND =
  '! Unexpected response status: 404\nDetails: Sorry, we couldn’t find the resource you’re looking for.\n';

/** What the project holds, by kind: unchanged by a refused command. */
async function holdings() {
  const at = { token: owner.token, params: { project_id: owner.project } };
  const [vms, fws, keys] = await Promise.all([
    t.call('listVms', at),
    t.call('listFirewalls', at),
    t.call('listSshPublicKeys', at),
  ]);
  const project = await t.call('getProject', {
    token: owner.token,
    params: { project_id: owner.project },
  });
  return {
    project: project.status,
    vms: vms.body.items.map((v) => [v.name, v.state]),
    fws: fws.body.items.map((f) => [f.name, f.firewall_rules.length]),
    keys: keys.body.items.map((k) => k.name),
  };
}

describe('ubi references that name nothing', () => {
  it('answers 404 for `.`, `..` and empty references and sub-IDs, changing nothing', async () => {
    await cli.ok(['fw', `${LOC}/ref-fw`, 'create']);
    await cli.ok(['fw', `${LOC}/ref-fw`, 'add-rule', '10.0.0.0/8']);
    await createVm(t, owner.token, owner.project, 'ref-vm');
    await waitForVmState(t, owner.token, owner.project, 'ref-vm', 'running');
    await cli.ok(['sk', 'ref-sk', 'create', SSH_KEY]);
    const before = await holdings();
    expect(before.fws).toContainEqual(['ref-fw', 1]);

    for (const argv of [
      ['fw', `${LOC}/ref-fw`, 'delete-rule', '..'],
      ['fw', `${LOC}/ref-fw`, 'delete-rule', '.'],
      ['vm', '../..', 'destroy', '-f'],
      ['vm', `${LOC}/..`, 'show'],
      ['vm', `${LOC}/.`, 'show'],
      ['fw', '../..', 'destroy', '-f'],
      ['sk', '..', 'destroy', '-f'],
      ['sk', '..', 'show'],
      ['sk', '.', 'show'],
      ['sk', '', 'show'],
      ['ps', `${LOC}/default-${LOC}`, 'disconnect', ''],
    ]) {
      const refused = await cli.fails(argv);
      expect([argv, refused]).toEqual([argv, { status: 404, stderr: NOT_FOUND }]);
    }
    expect(await holdings()).toEqual(before);
  });

  it('refuses `constructor`, `__proto__` and `toString` as the unknown commands they are', async () => {
    for (const [argv, line] of [
      [['__proto__'], '! Invalid subcommand: __proto__\n'],
      [['constructor'], '! Invalid subcommand: constructor\n'],
      [['vm', 'constructor'], '! Invalid number of arguments for vm subcommand'],
      [['vm', `${LOC}/ref-vm`, 'toString'], '! Invalid post subcommand: toString\n'],
      [['help', 'vm', 'toString'], '! Invalid command: vm toString\n'],
    ] as const) {
      const refused = await cli.fails([...argv]);
      expect(refused.status, argv.join(' ')).toBe(400);
      expect(refused.stderr.startsWith(line), `${argv.join(' ')}: ${refused.stderr}`).toBe(true);
    }
  });
});
