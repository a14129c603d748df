// `ubi pg` post-commands (the origin's pg specs and golden files): firewall rules, metric
// destinations, configuration, rename, restart, maintenance window, servers, backups,
// certificates, read replicas, upgrade, and pg_dump/pg_dumpall handed to the client.
import { describe, expect, it } from 'vitest';
import type { ResponseOf } from '#shared/routes';
import { LOC, pollUntil } from '../../test/fixtures.ts';

import { ranSince } from '../resources/postgres/postgres.fixtures.ts';
import { cliForFile } from '../../test/cli-fixture.ts';

const { t, owner, cli } = await cliForFile();

const params = (ref: string) => ({
  project_id: owner.project,
  location: LOC,
  postgres_database_reference: ref,
});

async function running(ref: string) {
  const res = await pollUntil(
    () => t.call('getPostgresDatabase', { token: owner.token, params: params(ref) }),
    (r) => r.status === 200 && r.body.state === 'running',
    `database ${ref} to run`,
  );
  return res.body as ResponseOf<'getPostgresDatabase'>;
}

async function database(name: string, version: '16' | '17' = '17') {
  const res = await t.call('createPostgresDatabase', {
    token: owner.token,
    params: params(name),
    body: { size: 'standard-2', version },
  });
  expect(res.status, res.text).toBe(200);
  return running(name);
}

const ID = '[0-9a-hjkmnp-tv-z]{24}';

describe('ubi pg post-commands', () => {
  it('adds, modifies and deletes firewall rules and shows them labelled as the origin does', async () => {
    const pg = await database('fw');
    const ref = `${LOC}/fw`;
    const added = await cli.ok(['pg', ref, 'add-firewall-rule', '-d', 'office', '1.2.3.0/24']);
    expect(added).toMatch(
      new RegExp(
        `^Firewall rule added to PostgreSQL database.\\n  rule id: (fr${ID})\\n  cidr: 1.2.3.0/24\\n  description: "office"\\n$`,
      ),
    );
    const ruleId = /rule id: (\S+)/.exec(added)![1]!;
    expect(await cli.ok(['pg', pg.id, 'modify-firewall-rule', '-c', '1.2.4.0/24', ruleId])).toBe(
      `PostgreSQL database firewall rule modified.\n  rule id: ${ruleId}\n  cidr: 1.2.4.0/24\n  description: "office"\n`,
    );
    const shown = await cli.ok(['pg', ref, 'show', '-f', 'firewall-rules']);
    expect(shown).toMatch(/^firewall-rules:\n/);
    expect(shown).toContain(`: ${ruleId}  1.2.4.0/24  5432  office\n`);
    expect(await cli.ok(['pg', ref, 'delete-firewall-rule', ruleId])).toBe(
      'Firewall rule, if it exists, has been scheduled for deletion\n',
    );
    expect(await cli.ok(['pg', ref, 'show', '-f', 'firewall-rules'])).not.toContain(ruleId);
    const slash = await cli.fails(['pg', ref, 'delete-firewall-rule', 'a/b']);
    expect(slash.stderr).toMatch(/^! Invalid firewall rule id format\n/);
  });

  it('adds and deletes metric destinations', async () => {
    await database('md');
    const ref = `${LOC}/md`;
    const basic = await cli.ok([
      'pg',
      ref,
      'add-metric-destination',
      'foo',
      'bar',
      'https://baz.example.com',
    ]);
    expect(basic).toMatch(
      new RegExp(
        `^Metric destination added to PostgreSQL database.\\nCurrent metric destinations:\\n  1: md${ID}  basic_auth  foo  https://baz.example.com\\n$`,
      ),
    );
    const bearer = await cli.ok([
      'pg',
      ref,
      'add-bearer-metric-destination',
      'https://m.example.com',
      'tok',
      'X-Org=1',
    ]);
    expect(bearer.split('\n').filter((l) => l.includes('https://m.example.com'))).toEqual([
      expect.stringMatching(
        new RegExp(`^  \\d: md${ID}  authorization,headers  https://m.example.com$`),
      ),
    ]);
    expect(await cli.ok(['pg', ref, 'show', '-f', 'metric-destinations'])).toMatch(
      /^metric-destinations:\n {2}1: md\w+ {2}/,
    );
    const id = new RegExp(`(md${ID})  basic_auth`).exec(bearer)![1]!;
    expect(await cli.ok(['pg', ref, 'delete-metric-destination', id])).toBe(
      'Metric destination, if it exists, has been scheduled for deletion\n',
    );
  });

  it('adds, shows and removes configuration entries, sorted by key', async () => {
    await database('conf');
    const ref = `${LOC}/conf`;
    expect(
      await cli.ok(['pg', ref, 'add-config-entries', 'work_mem=8MB', 'max_connections=1000']),
    ).toBe('Updated config:\nmax_connections=1000\nwork_mem=8MB\n');
    expect(await cli.ok(['pg', ref, 'show-config'])).toBe('max_connections=1000\nwork_mem=8MB\n');
    expect(await cli.ok(['pg', ref, 'remove-config-entries', 'max_connections'])).toBe(
      'Updated config:\nwork_mem=8MB\n',
    );
    expect(await cli.ok(['pg', ref, 'add-pgbouncer-config-entries', 'max_client_conn=100'])).toBe(
      'Updated pgbouncer config:\nmax_client_conn=100\n',
    );
    expect(await cli.ok(['pg', ref, 'show-pgbouncer-config'])).toBe('max_client_conn=100\n');
    const bad = await cli.fails(['pg', ref, 'add-config-entries', 'foo']);
    expect(bad.stderr).toMatch(/^! Invalid argument, does not include `=`: "foo"\n/);
  });

  it('renames, restarts, sets the maintenance window, lists servers and backups, prints certificates', async () => {
    const pg = await database('ops');
    const ref = `${LOC}/ops`;
    expect(await cli.ok(['pg', ref, 'restart'])).toBe(
      `Scheduled restart of PostgreSQL database with id ${pg.id}\n`,
    );
    await running('ops');
    expect(await cli.ok(['pg', ref, 'set-maintenance-window', '-d', 'mon,wed', '3'])).toBe(
      `Starting hour for maintenance window for PostgreSQL database with id ${pg.id} set to 3 on mon, wed.\n`,
    );
    expect(await cli.ok(['pg', ref, 'set-maintenance-window', ''])).toBe(
      `Unset maintenance window for PostgreSQL database with id ${pg.id}.\n`,
    );
    expect(await cli.ok(['pg', ref, 'list-servers'])).toMatch(
      new RegExp(
        `^id +role +state +synchronization-status +vm-size *\\npv${ID}  primary  running  ready +standard-2 *\\n$`,
      ),
    );
    expect(await cli.ok(['pg', ref, 'list-backups', '-N'])).not.toMatch(/\.\d{3}Z/);
    expect(await cli.ok(['pg', ref, 'ca-certificates'])).toMatch(/^-----BEGIN CERTIFICATE-----/);
    const creds = await cli.ok(['pg', ref, 'create-backup-credentials', '--format', 'env']);
    expect(creds).toMatch(/^export AWS_ACCESS_KEY_ID='[^']+'\n/);
    const format = await cli.fails(['pg', ref, 'create-backup-credentials', '--format', 'xml']);
    expect(format.stderr).toMatch(/^! Invalid format "xml", must be one of: table, env, json\n/);
    expect(await cli.ok(['pg', ref, 'rename', 'ops2'])).toBe(
      'PostgreSQL database renamed to ops2\n',
    );
  });

  it('creates a read replica and upgrades a database to the next major version', async () => {
    const pg = await database('src', '16');
    expect(await cli.ok(['pg', pg.id, 'create-read-replica', '-t', 'a=b', 'src-rr'])).toMatch(
      new RegExp(`^Read replica for PostgreSQL database created with id: pg${ID}\\n$`),
    );
    // Before an upgrade there is no status: the API's refusal is printed.
    expect(await cli.fails(['pg', `${LOC}/src`, 'show-upgrade-status'])).toEqual({
      status: 400,
      stderr: '! Unexpected response status: 400\nDetails: Database is not upgrading\n',
    });
    expect(await cli.ok(['pg', `${LOC}/src`, 'upgrade'])).toBe(
      `Scheduled major version upgrade of PostgreSQL database with id ${pg.id} to version 17.\n`,
    );
  });

  it('adds and deletes log destinations, and reads the logs as CSV a page at a time', async () => {
    const pg = await database('logs');
    // An hour of simulated lines behind it.
    await ranSince(t, pg.id, 60 * 60_000);
    const ref = `${LOC}/logs`;
    const otlp = await cli.ok([
      'pg',
      ref,
      'add-otlp-log-destination',
      'collector',
      'https://otel.example.com/v1/logs',
      'Authorization=Bearer x',
    ]);
    expect(otlp).toMatch(
      new RegExp(`^Log destination added to PostgreSQL database.\\n  id: 1d${ID}\\n$`),
    );
    const syslog = await cli.ok([
      'pg',
      ref,
      'add-syslog-log-destination',
      'papertrail',
      'logs.example.com',
      '6515',
      'token@41058/key=abc',
    ]);
    const syslogId = /id: (\S+)/.exec(syslog)![1]!;
    const otlpId = /id: (\S+)/.exec(otlp)![1]!;
    expect(await cli.ok(['pg', ref, 'show', '-f', 'log-destinations'])).toBe(
      `log-destinations:\n${[
        `${otlpId}  collector  otlp  https://otel.example.com/v1/logs`,
        `${syslogId}  papertrail  syslog  tcp://logs.example.com:6515`,
      ]
        .sort()
        .map((line, i) => `  ${i + 1}: ${line}\n`)
        .join('')}`,
    );
    const listed = await t.call('listPostgresLogDestinations', {
      token: owner.token,
      params: params('logs'),
    });
    expect(listed.body.items.find((d) => d.id === syslogId)).toMatchObject({
      type: 'syslog',
      name: 'papertrail',
      url: 'tcp://logs.example.com:6515',
    });
    const badSd = await cli.fails(['pg', ref, 'add-syslog-log-destination', 'x', 'h', 'nokey']);
    expect(badSd.stderr).toMatch(
      /^! Invalid structured_data argument, expected sd-id\/key=value format: "nokey"\n/,
    );
    expect(await cli.ok(['pg', ref, 'delete-log-destination', syslogId])).toBe(
      'Log destination, if it exists, has been scheduled for deletion\n',
    );

    const all = await cli.ok(['pg', ref, 'get-logs']);
    expect(all).toMatch(
      /^Timestamp,ServerRole,Stream,Level,Message\n\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ,primary,(postgres|pgbouncer|upgrade),[A-Z]+,/,
    );
    const first = await cli.ok(['pg', ref, 'get-logs', '-N', '--max-log-lines=1']);
    const [line, more] = first.split('\n');
    expect(line).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ,primary,/);
    const key = new RegExp(
      `^Continue search: ubi pg ${LOC}/logs get-logs --max-log-lines=1 --pagination-key=(\\d+) $`,
    ).exec(more!)![1]!;
    const next = await cli.ok([
      'pg',
      ref,
      'get-logs',
      '-N',
      '--max-log-lines=1',
      `--pagination-key=${key}`,
    ]);
    expect(next.split('\n')[0]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(next.split('\n')[0]).not.toBe(line);
    const level = await cli.fails(['pg', ref, 'get-logs', '--severity-level=LOUD']);
    expect(level.stderr).toMatch(/^! Invalid argument: --severity-level LOUD\n/);
  });

  it('recycles, shows the default configuration and promotes a read replica', async () => {
    const pg = await database('prim');
    expect(await cli.ok(['pg', `${LOC}/prim`, 'recycle'])).toBe(
      `Recycle requested for PostgreSQL database with id ${pg.id}\n`,
    );
    const defaults = await cli.ok(['pg', `${LOC}/prim`, 'show-default-config']);
    expect(defaults).toMatch(/^[a-z_]+=\S+\n/m);
    expect(defaults).toContain('shared_buffers=');
    await running('prim');
    await cli.ok(['pg', `${LOC}/prim`, 'create-read-replica', '-t', 'team=db,env=prod', 'prim-rr']);
    const replica = await running('prim-rr');
    expect(await cli.ok(['pg', `${LOC}/prim`, 'show', '-f', 'read-replica,read-replicas'])).toBe(
      `read-replica: false\nread-replicas:\n  ${LOC}/prim-rr\n`,
    );
    expect(
      await cli.ok(['pg', replica.id, 'show', '-f', 'read-replica,parent,tags,target-vm-size']),
    ).toBe(
      `read-replica: true\nparent: ${LOC}/prim\ntags:\n  env: prod\n  team: db\ntarget-vm-size: standard-2\n`,
    );
    expect(await cli.ok(['pg', `${LOC}/prim-rr`, 'promote-read-replica'])).toBe(
      `Promoted PostgreSQL database with id ${replica.id} from read replica to primary.\n`,
    );
  });

  it('hands pg_dump and pg_dumpall the connection string as the origin does', async () => {
    const pg = await database('dump');
    const dump = await cli.run(['pg', pg.id, '-d', 'foo', 'pg_dump', '-a']);
    expect(dump.exec!.program).toBe('pg_dump');
    expect(dump.exec!.args.slice(0, 2)).toEqual(['-a', '--']);
    expect(dump.exec!.args[2]).toMatch(/^postgres:\/\/postgres:[^@]+@dump\.\S+:5432\/foo\?/);
    const all = await cli.run(['pg', pg.id, '-U', 'bar', 'pg_dumpall']);
    expect(all.exec!.program).toBe('pg_dumpall');
    expect(all.exec!.args).toEqual([expect.stringMatching(/^-dpostgres:\/\/bar@dump\.\S+:5432\//)]);
  });
});
