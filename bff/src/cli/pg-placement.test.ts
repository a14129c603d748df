// Where `ubi pg … create` puts a database's parts (decision 298), as the origin's golden files
// show them: `ps list` lists `<pg-id>-subnet` (or the `-P` name), `fw list` lists
// `<pg-id>-firewall`, `pg show` shows that firewall's rules on 5432 and 6432, and `vm list` shows
// no server. IDs and networks are normalised.
import { describe, expect, it } from 'vitest';
import { LOC } from '../../test/fixtures.ts';

import { cliForFile } from '../../test/cli-fixture.ts';

const { cli } = await cliForFile();

const ID = /\b(pg|ps|fw|fr)[0-9a-hjkmnp-tv-z]{24}\b/g;

/** The rows of a table printed by `list`, split into columns, IDs named by `names`. */
function rows(out: string, names: Map<string, string>): string[][] {
  return out
    .trimEnd()
    .split('\n')
    .map((line) =>
      line
        .trim()
        .split(/ {2,}/)
        .map((cell) => name(cell, names)),
    );
}

/** Each ID as `<prefix>#<n>` in the order first seen; networks as `NET4`/`NET6`. */
function name(text: string, names: Map<string, string>): string {
  return text
    .replace(ID, (id, prefix: string) => {
      if (!names.has(id))
        names.set(
          id,
          `${prefix}#${[...names.keys()].filter((k) => k.startsWith(prefix)).length + 1}`,
        );
      return names.get(id)!;
    })
    .replace(/^10\.\d+\.\d+\.\d+\/26$/, 'NET4')
    .replace(/^fd[0-9a-f:]+::\/64$/, 'NET6');
}

describe('ubi pg create', () => {
  it('puts the subnet and firewall in the project as the origin’s ps list, fw list and pg show print them', async () => {
    const created = await cli.ok(['pg', `${LOC}/test-pg`, 'create', '-s', 'standard-2']);
    const pgId = /with id: (pg\S+)/.exec(created)![1]!;
    const names = new Map([[pgId, 'pg#1']]);
    expect(rows(await cli.ok(['ps', 'list']), names)).toEqual([
      ['location', 'name', 'id', 'net4', 'net6'],
      [LOC, 'pg#1-subnet', 'ps#1', 'NET4', 'NET6'],
    ]);
    expect(rows(await cli.ok(['fw', 'list']), names)).toEqual([
      ['location', 'name', 'id'],
      [LOC, 'pg#1-firewall', 'fw#1'],
    ]);
    const show = await cli.ok(['pg', `${LOC}/test-pg`, 'show', '-f', 'firewall-rules']);
    const rules = [...show.matchAll(/^ {2}\d+: (fr\S+) {2}(\S+) {2}(\d+) {2}/gm)].map((m) => [
      m[2],
      m[3],
    ]);
    expect(show.split('\n')[0]).toBe('firewall-rules:');
    expect(rules).toEqual([
      ['0.0.0.0/0', '5432'],
      ['0.0.0.0/0', '6432'],
      ['::/0', '5432'],
      ['::/0', '6432'],
    ]);
    // Its servers are the service's: the customer's VM list has none.
    expect(rows(await cli.ok(['vm', 'list']), names)).toEqual([
      ['location', 'name', 'id', 'ip4', 'ip6'],
    ]);

    // The firewall's own rule on 5432 is the database's.
    await cli.ok([
      'fw',
      `${LOC}/${pgId}-firewall`,
      'add-rule',
      '-s',
      '5432',
      '-e',
      '5432',
      '203.0.113.0/24',
    ]);
    const after = await cli.ok(['pg', `${LOC}/test-pg`, 'show', '-f', 'firewall-rules']);
    expect(after).toMatch(/^ {2}5: fr\S+ {2}203\.0\.113\.0\/24 {2}5432 {2}\n/m);
  });

  it('names the subnet with -P; a name taken answers 400 naming the option’s field, nothing made', async () => {
    const made = await cli.ok(['pg', `${LOC}/named`, 'create', '-s', 'standard-2', '-P', 'db-net']);
    const pgId = /with id: (pg\S+)/.exec(made)![1]!;
    const listed = await cli.ok(['ps', 'list']);
    expect(listed).toMatch(/^eu-central-h1 +db-net +ps/m);
    expect(
      await cli.ok([
        'fw',
        `${LOC}/${pgId}-firewall`,
        'show',
        '-f',
        'private-subnets',
        '-p',
        'name',
      ]),
    ).toMatch(/db-net/);
    const taken = await cli.fails(['pg', `${LOC}/again`, 'create', '-P', 'db-net']);
    expect(taken.stderr).toBe(
      `! Unexpected response status: 400\nDetails: Validation failed for following fields: private_subnet_name\n  private_subnet_name: A private subnet named db-net already exists in ${LOC}.\n`,
    );
    expect(await cli.ok(['ps', 'list'])).toBe(listed);
    const list = await cli.ok(['pg', 'list']);
    expect(list).not.toMatch(/again/);
  });
});
