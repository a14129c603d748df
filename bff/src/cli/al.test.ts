// `ubi al search` (the origin's al spec): the audit log as CSV with its filters, and the
// "Continue search" line that names the next page's command.
import { beforeAll, describe, expect, it } from 'vitest';
import { createFirewall, LOC, newOwner } from '../../test/fixtures.ts';
import { serverForFile, type TestServer } from '../../test/harness.ts';
import { ubiAs } from '../../test/ubi-client.ts';

let t: TestServer;
let cli: ReturnType<typeof ubiAs>;
let owner: Awaited<ReturnType<typeof newOwner>>;
let fwId: string;

/** The lines without their first column (the time), as the origin's spec compares them. */
const withoutTimes = (out: string) => out.replace(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ,/gm, '');

beforeAll(async () => {
  t = await serverForFile();
  owner = await newOwner(t);
  cli = ubiAs(`${t.base}/cli`, owner.token);
  fwId = (await createFirewall(t, owner.token, owner.project, 'audited')).id;
  const del = await t.call('deleteFirewall', {
    token: owner.token,
    params: { project_id: owner.project, location: LOC, firewall_reference: fwId },
  });
  expect(del.status, del.text).toBe(204);
});

describe('ubi al search', () => {
  it('prints entries newest first as CSV, with a header unless -N', async () => {
    const all = await cli.ok(['al', 'search', '-a', 'fw']);
    expect(all).toMatch(/^At,Action,Account,Objects\n\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ,fw\/destroy,/);
    expect(withoutTimes(all)).toBe(
      `At,Action,Account,Objects\nfw/destroy,${owner.email},${fwId}\nfw/create,${owner.email},${fwId}\n`,
    );
    expect(withoutTimes(await cli.ok(['al', 'search', '-N', '-a', 'fw/create']))).toBe(
      `fw/create,${owner.email},${fwId}\n`,
    );
  });

  it('filters by action, type or verb, account, object and end date', async () => {
    const created = `fw/create,${owner.email},${fwId}\n`;
    expect(withoutTimes(await cli.ok(['al', 'search', '-N', '-a', 'fw/create']))).toBe(created);
    expect(withoutTimes(await cli.ok(['al', 'search', '-N', '-a', 'create', '-o', fwId]))).toBe(
      created,
    );
    expect(
      withoutTimes(await cli.ok(['al', 'search', '-N', '-s', owner.email, '-o', fwId])),
    ).toContain(created);
    expect(await cli.ok(['al', 'search', '-N', '-s', 'nobody@example.com'])).toBe('\n');
    expect(await cli.ok(['al', 'search', '-N', '-e', '2020-01-01'])).toBe('\n');
    const future = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(withoutTimes(await cli.ok(['al', 'search', '-N', '-e', future, '-o', fwId]))).toBe(
      `fw/destroy,${owner.email},${fwId}\n${created}`,
    );
  });

  it('pages with --limit and prints the command that continues the search', async () => {
    const first = await cli.ok(['al', 'search', '-N', '-a', 'fw', '--limit=1']);
    const match =
      /^Continue search: ubi al search --action=fw --limit=1 --pagination-key=(\S+) \n$/m.exec(
        first,
      );
    expect(withoutTimes(first).split('\n')[0]).toBe(`fw/destroy,${owner.email},${fwId}`);
    expect(match).not.toBeNull();
    const next = await cli.ok([
      'al',
      'search',
      '--action=fw',
      '--limit=1',
      `--pagination-key=${match![1]}`,
    ]);
    expect(withoutTimes(next)).toBe(
      `At,Action,Account,Objects\nfw/create,${owner.email},${fwId}\n`,
    );
  });

  it('answers a bad filter with the API’s refusal, and an unknown subcommand with the help', async () => {
    const bad = await cli.fails(['al', 'search', '-e', 'yesterday']);
    expect(bad.status).toBe(400);
    expect(bad.stderr).toMatch(
      /^! Unexpected response status: 400\nDetails: .*\n {2}end: end must be a date/,
    );
    const unknown = await cli.fails(['al', 'list']);
    expect(unknown.stderr).toMatch(/^! Invalid subcommand: list\n\nView project audit log\n/);
  });
});
