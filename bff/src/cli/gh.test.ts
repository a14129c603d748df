// `ubi gh` (the origin's gh specs and golden files): installations, their repositories, and a
// repository's cache entries, against the simulated code host's demo installation.
import { beforeAll, describe, expect, it } from 'vitest';
import { newOwner } from '../../test/fixtures.ts';
import { serverForFile, type TestServer } from '../../test/harness.ts';
import { ubiAs } from '../../test/ubi-client.ts';
import { humanizeSize } from './kinds/github.ts';

let t: TestServer;
let cli: ReturnType<typeof ubiAs>;
let inst: { id: string; name: string };

beforeAll(async () => {
  t = await serverForFile();
  const owner = await newOwner(t);
  cli = ubiAs(`${t.base}/cli`, owner.token);
  const res = await t.call('connectGithubInstallation', {
    token: owner.token,
    params: { project_id: owner.project },
  });
  expect(res.status, res.text).toBe(200);
  inst = res.body;
});

describe('ubi gh', () => {
  it('lists installations and an installation’s repositories, with and without headers', async () => {
    const width = Math.max(4, inst.name.length);
    expect(await cli.ok(['gh', 'installation', 'list'])).toBe(
      `id${' '.repeat(26)}${'name'.padEnd(width)}\n${inst.id}  ${inst.name.padEnd(width)}\n`,
    );
    expect(await cli.ok(['gh', 'installation', 'list', '-N'])).toBe(`${inst.id}  ${inst.name}\n`);
    const repos = await cli.ok(['gh', 'installation', inst.name, 'list-repositories', '-N']);
    const names = repos
      .trimEnd()
      .split('\n')
      .map((line) => line.split(/\s+/)[1]);
    expect(names).toHaveLength(25);
    expect(names).toContain('api');
    expect(repos).toMatch(/^gp\w{24} {2}/);
  });

  it('lists a repository’s cache entries with sizes as the origin prints them, either word order', async () => {
    const out = await cli.ok(['gh', `${inst.name}/api`, 'list-cache-entries']);
    const [header, ...rows] = out.trimEnd().split('\n');
    expect(header!.split(/\s+/).filter(Boolean)).toEqual([
      'id',
      'scope',
      'size',
      'created-at',
      'last-accessed-at',
      'key',
    ]);
    expect(rows).toHaveLength(3);
    expect(out).toContain('45.8 MB');
    expect(out).toContain('11.9 MB');
    expect(out).toMatch(/ \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ /);
    expect(await cli.ok(['gh', 'list-cache-entries', `${inst.name}/api`])).toBe(out);
  });

  it('removes one cache entry, then all, idempotently', async () => {
    const ids = (await cli.ok(['gh', `${inst.name}/web`, 'list-cache-entries', '-N']))
      .trimEnd()
      .split('\n')
      .map((line) => line.split(' ')[0]!);
    for (let i = 0; i < 2; i++)
      expect(await cli.ok(['gh', `${inst.name}/web`, 'remove-cache-entry', ids[0]!])).toBe(
        'Cache entry, if it exists, is now scheduled for destruction\n',
      );
    expect(await cli.ok(['gh', `${inst.name}/web`, 'list-cache-entries', '-N'])).not.toContain(
      ids[0]!,
    );
    for (let i = 0; i < 2; i++)
      expect(await cli.ok(['gh', `${inst.name}/web`, 'remove-all-cache-entries'])).toBe(
        'All cache entries, if they exist, are now scheduled for destruction\n',
      );
    expect(await cli.ok(['gh', `${inst.name}/web`, 'list-cache-entries', '-N'])).toBe('\n');
  });

  it('refuses malformed references and arguments with the origin’s messages and help', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['gh', 'just-one', 'list-cache-entries'],
        /^! Invalid gh reference \("just-one"\), should be in installation-name\/repository-name format\n\nManage GitHub integration\n/,
      ],
      [['gh', 'a/b/c', 'list-cache-entries'], /^! Invalid gh reference \("a\/b\/c"\)/],
      [
        ['gh', 'installation', 'a/b', 'list-repositories'],
        /^! Invalid GitHub installation reference \("a\/b"\), should not include \/\n/,
      ],
      [
        ['gh', 'installation', 'list', 'arg'],
        /^! Invalid number of arguments for gh installation list subcommand \(requires: 0, given: 1\)\n\nList GitHub installations\n/,
      ],
      [
        ['gh', `${inst.name}/api`, 'remove-cache-entry'],
        /^! Invalid number of arguments for gh remove-cache-entry subcommand \(requires: 1, given: 0\)\n/,
      ],
      [
        ['gh', `${inst.name}/api`, 'remove-cache-entry', 'ge/x'],
        /^! Invalid cache entry id format, should not include \/\n/,
      ],
    ];
    for (const [argv, message] of cases) {
      const r = await cli.fails(argv);
      expect([r.status, r.stderr], argv.join(' ')).toEqual([400, expect.stringMatching(message)]);
    }
    expect((await cli.fails(['gh', `${inst.name}/nope`, 'list-cache-entries'])).status).toBe(404);
  });

  it('prints sizes as the origin’s humanize_size', () => {
    expect([0, null, 512, 1536, 10_987_654_321].map(humanizeSize)).toEqual([
      null,
      null,
      '512 B',
      '1.5 KB',
      '10.2 GB',
    ]);
  });
});
