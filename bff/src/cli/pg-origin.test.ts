// `ubi pg` against the origin's per-command specs (spec/routes/api/cli/pg/*_spec.rb) and the pg
// lines of its golden files: the same command lines, the origin's expected output with only IDs,
// addresses and times normalised. Cases here are the ones where we differed.
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOC } from '../../test/fixtures.ts';

import { cliForFile } from '../../test/cli-fixture.ts';
import { pgAt } from '../resources/postgres/postgres.fixtures.ts';

const { t, owner, cli } = await cliForFile();

const ID = '[0-9a-hjkmnp-tv-z]{24}';

/** `pg <LOC>/<name> create -s standard-2 -S 64 [...]`, as every origin spec starts; answers the id. */
async function created(name: string, ...options: string[]) {
  const out = await cli.ok([
    'pg',
    `${LOC}/${name}`,
    'create',
    '-s',
    'standard-2',
    '-S',
    '64',
    ...options,
  ]);
  return new RegExp(`^PostgreSQL database created with id: (pg${ID})\\n$`).exec(out)![1]!;
}

/** Waits for the database's first backup (its earliest restore time). */
async function backedUp(name: string) {
  for (let i = 0; i < 250; i++) {
    const out = await cli.ok(['pg', `${LOC}/${name}`, 'show', '-f', 'earliest-restore-time']);
    if (out !== 'earliest-restore-time: \n') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no backup of ${name}`);
}

describe('ubi pg as the origin answers', () => {
  it('lists the origin’s sizes and versions in its order in the help of create and modify', async () => {
    const create = await cli.ok(['help', 'pg', 'create']);
    expect(create).toContain(
      '    Size: standard-2 standard-4 standard-8 standard-16 standard-30 standard-60\n' +
        '          hobby-1 hobby-2 c6gd.large c6gd.xlarge c6gd.2xlarge c6gd.4xlarge\n',
    );
    expect(create).toContain(
      '          c4a-highmem-16 c4a-highmem-32 c4a-highmem-48 c4a-highmem-64\n' +
        '          c4a-highmem-72\n' +
        '    Storage Size: 16 32 64 128 256 512 1024 2048 4096\n' +
        '    Version: 18 17 16\n',
    );
    const modify = await cli.ok(['help', 'pg', 'modify']);
    expect(modify).toMatch(
      /\n {4}Size: standard-2 [^]*c4a-highmem-72\n {4}Storage Size: 16 32 64 128 256 512 1024 2048 4096\n$/,
    );
  });

  // golden `help -r`, `help -ru`: every command under pg, depth first, in the origin's file order
  it('documents every pg command recursively in the origin’s order', async () => {
    const usages = (await cli.ok(['help', '-ru', 'pg'], { version: '1.1.0' })).split('\n');
    expect(usages.slice(0, 4)).toEqual([
      'ubi pg command [...]',
      'ubi pg (location/pg-name | pg-id) [post-options] post-command [...]',
      'ubi pg list [options]',
      'ubi pg (location/pg-name | pg-id) add-bearer-metric-destination url token [header_name=value [...]]',
    ]);
    // The origin's 44 lines, and the newline that ends them.
    expect(usages).toHaveLength(45);
    const order = usages
      .slice(3, -1)
      .map(
        (u) =>
          u
            .replace(
              /^ubi pg (\(location\/pg-name \| pg-id\)|location\/pg-name) (\[options\] )?/,
              '',
            )
            .split(' ')[0],
      );
    expect(order.indexOf('show-upgrade-status')).toBe(order.indexOf('show') - 1);
    expect(order.indexOf('create-read-replica')).toBe(order.indexOf('create') - 1);
    expect(order.slice(order.indexOf('modify'), order.indexOf('modify') + 4)).toEqual([
      'modify',
      'pg_dump',
      'pg_dumpall',
      'promote-read-replica',
    ]);
    // Clients before 1.1.0 cannot run psql: its help is left out for them.
    expect(usages.some((u) => u.includes(' psql '))).toBe(true);
    const old = await cli.ok(['help', '-ru', 'pg'], { version: '1.0.0' });
    expect(old).not.toContain(' psql ');
    const full = await cli.ok(['help', '-r', 'pg']);
    expect(full).toMatch(/^Manage PostgreSQL databases\n\nUsage:\n/);
    expect(full).toContain(
      '    -f, --force                      do not require confirmation\n\n\nFetch logs for a PostgreSQL database in CSV format\n',
    );
    expect(full.endsWith('    ubi pg (location/pg-name | pg-id) upgrade\n\n\n')).toBe(true);
  });

  it('takes the legacy burstable sizes, and leaves a size of another provider to the API', async () => {
    await created('burst', '-s', 'burstable-2');
    expect(await cli.ok(['pg', `${LOC}/burst`, 'show', '-f', 'target-vm-size'])).toBe(
      'target-vm-size: hobby-2\n',
    );
    const aws = await cli.fails(['pg', `${LOC}/aws`, 'create', '-s', 'c6gd.large']);
    expect(aws.status).toBe(400);
    expect(aws.stderr).toMatch(
      /^! Unexpected response status: 400\nDetails: Validation failed for following fields: size\n {2}size: /,
    );
  });

  // golden success line `pg … create -s standard-2 -S 64 -f lantern`
  it('gives a Lantern database without -v the newest version its flavor has', async () => {
    await created('lantern', '-f', 'lantern');
    expect(await cli.ok(['pg', `${LOC}/lantern`, 'show', '-f', 'version,flavor'])).toBe(
      'version: 17\nflavor: lantern\n',
    );
  });

  // modify_spec.rb
  it('modifies size, storage and HA without the tags, and clears the tags with -t ""', async () => {
    const id = await created('mod', '-h', 'async');
    const ref = `${LOC}/mod`;
    expect(await cli.ok(['pg', ref, 'modify', '-s', 'standard-4', '-S', '128', '-h', 'sync'])).toBe(
      `Modified PostgreSQL database with id: ${id}\n`,
    );
    expect(
      await cli.ok([
        'pg',
        ref,
        'show',
        '-f',
        'target-vm-size,target-storage-size-gib,ha-type,tags',
      ]),
    ).toBe('target-vm-size: standard-4\ntarget-storage-size-gib: 128\nha-type: sync\ntags:\n');
    expect(await cli.ok(['pg', ref, 'modify', '-t', 'foo=bar,baz=quux'])).toBe(
      `Modified PostgreSQL database with id: ${id}\n`,
    );
    expect(await cli.ok(['pg', ref, 'show', '-f', 'tags'])).toBe(
      'tags:\n  baz: quux\n  foo: bar\n',
    );
    expect(await cli.ok(['pg', ref, 'modify', '-t', ''])).toBe(
      `Modified PostgreSQL database with id: ${id}\n`,
    );
    expect(await cli.ok(['pg', ref, 'show', '-f', 'tags'])).toBe('tags:\n');
    // -S takes the storage choices, as -S of create.
    const storage = await cli.fails(['pg', ref, 'modify', '-S', 'bad']);
    expect(storage).toMatchObject({ status: 400 });
    expect(storage.stderr).toMatch(
      /^! Invalid argument: -S bad\n\nModify a PostgreSQL database cluster\n/,
    );
  });

  // add-config-entries_spec.rb, remove-config-entries_spec.rb, golden error lines
  it('adds and removes the origin’s PostgreSQL parameters, refusing unknown ones in its words', async () => {
    await created('conf');
    const ref = `${LOC}/conf`;
    expect(
      await cli.ok([
        'pg',
        ref,
        'add-config-entries',
        'allow_in_place_tablespaces=on',
        'array_nulls=off',
      ]),
    ).toBe('Updated config:\nallow_in_place_tablespaces=on\narray_nulls=off\n');
    expect(
      await cli.ok([
        'pg',
        ref,
        'add-config-entries',
        'allow_system_table_mods=on',
        'array_nulls=on',
      ]),
    ).toBe(
      'Updated config:\nallow_in_place_tablespaces=on\nallow_system_table_mods=on\narray_nulls=on\n',
    );
    expect(
      await cli.ok(['pg', ref, 'remove-config-entries', 'allow_system_table_mods', 'array_nulls']),
    ).toBe('Updated config:\nallow_in_place_tablespaces=on\n');
    expect(await cli.fails(['pg', ref, 'add-config-entries', 'key=value'])).toEqual({
      status: 400,
      stderr:
        '! Unexpected response status: 400\nDetails: Validation failed for following fields: pg_config.key\n  pg_config.key: Unknown configuration parameter\n',
    });
    // The origin's checks of a value (its validate_config), and an extension's own option.
    expect(
      await cli.fails([
        'pg',
        ref,
        'add-config-entries',
        'max_connections=abc',
        'work_mem=1XB',
        'wal_level=bad',
        'array_nulls=maybe',
        "DateStyle='ISO'",
        'checkpoint_completion_target=2',
        'pg_stat_statements.max=100',
      ]),
    ).toEqual({
      status: 400,
      stderr: [
        '! Unexpected response status: 400',
        'Details: Validation failed for following fields: pg_config.max_connections, pg_config.work_mem, pg_config.wal_level, pg_config.array_nulls, pg_config.DateStyle, pg_config.checkpoint_completion_target',
        '  pg_config.max_connections: must be an integer',
        '  pg_config.work_mem: must match pattern: [0-9]+(kB|MB|GB|TB)?',
        '  pg_config.wal_level: must be one of: minimal, replica, logical',
        "  pg_config.array_nulls: must be 'on' or 'off' or 'true' or 'false' or '1' or '0' or any unambiguous prefix of these values (case-insensitive)",
        '  pg_config.DateStyle: must not be wrapped in single quotes - quoting is handled automatically',
        '  pg_config.checkpoint_completion_target: must be between 0.0 and 1.0',
        '',
      ].join('\n'),
    });
  });

  // add-pgbouncer-config-entries_spec.rb, remove-pgbouncer-config-entries_spec.rb
  it('adds and removes the origin’s PgBouncer parameters under its label', async () => {
    await created('bouncer');
    const ref = `${LOC}/bouncer`;
    expect(
      await cli.ok([
        'pg',
        ref,
        'add-pgbouncer-config-entries',
        'server_round_robin=1',
        'disable_pqexec=1',
      ]),
    ).toBe('Updated pgbouncer config:\ndisable_pqexec=1\nserver_round_robin=1\n');
    expect(
      await cli.ok([
        'pg',
        ref,
        'add-pgbouncer-config-entries',
        'application_name_add_host=1',
        'disable_pqexec=0',
      ]),
    ).toBe(
      'Updated pgbouncer config:\napplication_name_add_host=1\ndisable_pqexec=0\nserver_round_robin=1\n',
    );
    expect(
      await cli.ok([
        'pg',
        ref,
        'remove-pgbouncer-config-entries',
        'application_name_add_host',
        'disable_pqexec',
      ]),
    ).toBe('Updated pgbouncer config:\nserver_round_robin=1\n');
    expect((await cli.fails(['pg', ref, 'add-pgbouncer-config-entries', 'key=value'])).stderr).toBe(
      '! Unexpected response status: 400\nDetails: Validation failed for following fields: pgbouncer_config.key\n  pgbouncer_config.key: Unknown configuration parameter\n',
    );
  });

  // delete-metric-destination_spec.rb, delete-log-destination_spec.rb, golden success line
  it('deletes a destination that is not there, or one with the former prefix', async () => {
    await created('dest');
    const ref = `${LOC}/dest`;
    const added = await cli.ok([
      'pg',
      ref,
      'add-syslog-log-destination',
      'my-dest',
      'logs.example.com',
    ]);
    const ld = /id: (\S+)/.exec(added)![1]!;
    for (let i = 0; i < 2; i++)
      expect(await cli.ok(['pg', ref, 'delete-log-destination', ld])).toBe(
        'Log destination, if it exists, has been scheduled for deletion\n',
      );
    // The golden file's ID has the origin's former prefix (`et`), which its pattern takes.
    expect(
      await cli.ok(['pg', ref, 'delete-metric-destination', 'et2t1bswsqz21m7j7njfjbp901']),
    ).toBe('Metric destination, if it exists, has been scheduled for deletion\n');
  });

  // create-backup-credentials_spec.rb
  it('prints backup credentials with the expiry to the second', async () => {
    await created('creds');
    const table = await cli.ok(['pg', `${LOC}/creds`, 'create-backup-credentials']);
    expect(table).toMatch(
      /^Bucket: \S+\nEndpoint: https:\/\/\S+\nRegion: \S+\nAccess Key ID: \S+\nSecret Access Key: \S+\nSession Token: \S+\nExpires At: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\n$/,
    );
    const json = await cli.ok([
      'pg',
      `${LOC}/creds`,
      'create-backup-credentials',
      '--format',
      'json',
    ]);
    expect(Object.keys(JSON.parse(json))).toEqual([
      'bucket',
      'endpoint',
      'region',
      'access_key_id',
      'secret_access_key',
      'session_token',
      'expiration',
    ]);
    expect(json).toMatch(/"expiration":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"\}\n$/);
  });

  // reset-superuser-password_spec.rb, and the origin's refusal of a weak password
  it('resets the superuser password, refusing a weak one in the origin’s words', async () => {
    const id = await created('pw');
    const ref = `${LOC}/pw`;
    expect(await cli.ok(['pg', ref, 'reset-superuser-password', 'fooBar123456'])).toBe(
      `Superuser password reset scheduled for PostgreSQL database with id: ${id}\n`,
    );
    expect(await cli.fails(['pg', ref, 'reset-superuser-password', 'short'])).toEqual({
      status: 400,
      stderr:
        '! Unexpected response status: 400\nDetails: Validation failed for following fields: password\n  password: Password must have 12 characters minimum. Password must have at least one uppercase letter. Password must have at least one digit.\n',
    });
  });

  // create-client-cert-keypair_spec.rb
  it('signs a client certificate with the origin’s subject', async () => {
    await created('cert');
    const pem = await cli.ok(['pg', `${LOC}/cert`, 'create-client-cert-keypair', 'myuser', '3600']);
    expect(new X509Certificate(pem).subject).toBe('C=US\nO=None\nCN=myuser');
    expect(pem).toMatch(/-----END CERTIFICATE-----\n-----BEGIN PRIVATE KEY-----\n/);
  });

  // create-read-replica_spec.rb, and what the origin refuses a replica
  it('creates a read replica once there is a backup, and refuses to change it directly', async () => {
    await created('prim');
    await backedUp('prim');
    const out = await cli.ok([
      'pg',
      `${LOC}/prim`,
      'create-read-replica',
      '-c',
      'max_connections=500',
      '-u',
      'max_client_conn=99',
      '-t',
      'foo=bar,baz=quux',
      'prim-rr',
    ]);
    expect(out).toMatch(
      new RegExp(`^Read replica for PostgreSQL database created with id: pg${ID}\\n$`),
    );
    const rr = `${LOC}/prim-rr`;
    expect(await cli.ok(['pg', rr, 'show-config'])).toBe('max_connections=500\n');
    expect(await cli.ok(['pg', rr, 'show', '-f', 'read-replica,parent,tags'])).toBe(
      `read-replica: true\nparent: ${LOC}/prim\ntags:\n  baz: quux\n  foo: bar\n`,
    );
    expect((await cli.fails(['pg', rr, 'reset-superuser-password', 'fooBar123456'])).stderr).toBe(
      '! Unexpected response status: 400\nDetails: Superuser password cannot be updated for read replicas!\n',
    );
    expect((await cli.fails(['pg', rr, 'modify', '-s', 'standard-4'])).stderr).toBe(
      '! Unexpected response status: 400\nDetails: Read replicas cannot be modified directly! Please modify the parent database instead.\n',
    );
  });

  it('refuses a metric destination’s URL in the origin’s words', async () => {
    await created('murl');
    const ref = `${LOC}/murl`;
    const refusal = async (url: string) =>
      (await cli.fails(['pg', ref, 'add-metric-destination', 'foo', 'bar', url])).stderr;
    expect(await refusal('https://')).toBe(
      '! Unexpected response status: 400\nDetails: Validation failed for following fields: url\n  url: Invalid URL\n',
    );
    expect(await refusal('http://baz.example.com')).toBe(
      '! Unexpected response status: 400\nDetails: Validation failed for following fields: url\n  url: Invalid URL scheme. Only https URLs are supported.\n',
    );
  });

  // golden success line `pg … show-default-config` (a standard-2 of 64 GiB, PostgreSQL 16)
  it('shows the settings the origin writes for the size, version and flavor', async () => {
    await created('defaults', '-v', '16');
    expect(await cli.ok(['pg', `${LOC}/defaults`, 'show-default-config'])).toBe(
      [
        "archive_command='/usr/bin/walg-daemon-client /tmp/wal-g wal-push %f'",
        'archive_mode=on',
        'archive_timeout=60',
        'autovacuum_naptime=60s',
        'autovacuum_vacuum_cost_delay=2ms',
        'autovacuum_vacuum_cost_limit=200',
        'autovacuum_work_mem=682MB',
        'cron.use_background_workers=on',
        'default_toast_compression=lz4',
        'effective_cache_size=6144MB',
        'effective_io_concurrency=200',
        "lc_messages='C.UTF-8'",
        "lc_monetary='C.UTF-8'",
        "lc_numeric='C.UTF-8'",
        "lc_time='C.UTF-8'",
        "listen_addresses='*'",
        "log_destination='stderr'",
        "log_directory='pg_log'",
        "log_filename='postgresql-%a.log'",
        "log_line_prefix='%m [%p:%l] (%x,%v): host=%r,db=%d,user=%u,app=%a,client=%h '",
        'log_rotation_age=1440',
        "log_timezone='UTC'",
        'log_truncate_on_rotation=true',
        'logging_collector=on',
        'maintenance_work_mem=512MB',
        'max_connections=500',
        'max_parallel_maintenance_workers=2',
        'max_parallel_workers=4',
        'max_parallel_workers_per_gather=2',
        'max_wal_size=5GB',
        'min_wal_size=80MB',
        'random_page_cost=1.1',
        'recovery_init_sync_method=syncfs',
        'shared_buffers=2048MB',
        "shared_preload_libraries='pg_cron,pg_stat_statements'",
        'ssl=on',
        "ssl_ca_file='/etc/ssl/certs/ca.crt'",
        "ssl_cert_file='/etc/ssl/certs/server.crt'",
        "ssl_key_file='/etc/ssl/certs/server.key'",
        'ssl_min_protocol_version=TLSv1.3',
        'superuser_reserved_connections=3',
        'tcp_keepalives_count=4',
        'tcp_keepalives_idle=2',
        'tcp_keepalives_interval=2',
        "timezone='UTC'",
        'wal_compression=lz4',
        'wal_keep_size=96MB',
        'work_mem=1MB',
        '',
      ].join('\n'),
    );
  });

  // upgrade_spec.rb: the upgrade asked for right after the create
  it('schedules an upgrade right after the create, which the database then runs', async () => {
    // Held in creating (test mode) while the status is read: else a quick worker may have
    // finished both the create and the upgrade before the second command.
    const hold = {
      token: owner.token,
      params: { project_id: owner.project },
      body: { name: 'up' },
    };
    expect((await t.call('holdTestTransitions', hold)).status).toBe(200);
    const id = await created('up', '-v', '16');
    const ref = `${LOC}/up`;
    expect(await cli.ok(['pg', ref, 'upgrade'])).toBe(
      `Scheduled major version upgrade of PostgreSQL database with id ${id} to version 17.\n`,
    );
    expect(await cli.ok(['pg', ref, 'show-upgrade-status'])).toMatch(
      new RegExp(
        `^Major version upgrade of PostgreSQL database ${id} to version 17\\nStatus: running\\nStage: `,
      ),
    );
    expect((await t.call('releaseTestTransitions', hold)).status).toBe(200);
    for (let i = 0; i < 250; i++) {
      if ((await cli.ok(['pg', ref, 'show', '-f', 'version'])) === 'version: 17\n') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await cli.ok(['pg', ref, 'show', '-f', 'version,target-version'])).toBe(
      'version: 17\ntarget-version: 17\n',
    );
  });

  it('refuses too many log lines in the origin’s words', async () => {
    await created('logs');
    expect(await cli.fails(['pg', `${LOC}/logs`, 'get-logs', '--max-log-lines=501'])).toEqual({
      status: 400,
      stderr: '! Unexpected response status: 400\nDetails: Maximum limit is 500\n',
    });
  });

  it('refuses a restore time outside the backups in the origin’s words', async () => {
    await created('rst');
    await backedUp('rst');
    const refused = await cli.fails([
      'pg',
      `${LOC}/rst`,
      'restore',
      'rst-2',
      '2020-01-01T00:00:00Z',
    ]);
    expect(refused.status).toBe(400);
    expect(refused.stderr).toMatch(
      /^! Unexpected response status: 400\nDetails: Validation failed for following fields: restore_target\n {2}restore_target: Restore target must be between \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC and \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\n$/,
    );
  });

  // add-cert-auth-user_spec.rb, remove-cert-auth-user_spec.rb
  it('adds a certificate user once and removes one, listing who is left', async () => {
    await created('cau');
    const cmd = (verb: string, name: string) => cli.ok(['pg', `${LOC}/cau`, verb, name]);
    const head = 'Users using certificate authentication:\n';
    expect(await cmd('remove-cert-auth-user', 'myuser')).toBe(
      `${head}No users using certificate authentication.\n`,
    );
    expect(await cmd('add-cert-auth-user', 'myuser1')).toBe(`${head}  1: myuser1\n`);
    expect(await cmd('add-cert-auth-user', 'myuser1')).toBe(`${head}  1: myuser1\n`);
    expect(await cmd('add-cert-auth-user', 'myuser2')).toBe(`${head}  1: myuser1\n  2: myuser2\n`);
    expect(await cmd('remove-cert-auth-user', 'myuser1')).toBe(`${head}  1: myuser2\n`);
    const kept = await t.call('listPostgresCertAuthUsers', {
      token: owner.token,
      params: pgAt(owner.project, 'cau'),
    });
    expect(kept.body).toEqual({ items: ['myuser2'] });
  });
});
