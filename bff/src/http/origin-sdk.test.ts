// The origin system's own Ruby SDK (ubicloud/ubicloud, sdk/ruby/lib/ubicloud), replayed on the
// wire as it sends requests: `authorization: Bearer: <token>` (with the colon), `accept:
// text/plain`, `connection: close`, `content-type: application/json` on every request but GET
// (a DELETE, and a POST without parameters, carry the header and no body), paths relative to
// `project/{id}/`. Its adapter treats 200 with a JSON content type as data, 204 as nil and
// anything else as an error; a 404 is "missing". Ruby is not on these machines, so the test
// speaks its exact HTTP with node:http rather than running it.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOC, newOwner, SSH_KEY, waitForVmState } from '../../test/fixtures.ts';
import { serverForFile, type TestServer } from '../../test/harness.ts';

// The origin's document's ID patterns (openapi.yml) of a database's rules, log destinations and servers.
const ORIGIN_ID = {
  firewallRule: /^fr[0-9a-hj-km-np-tv-z]{24}$/,
  logDestination: /^1d[0-9a-hj-km-np-tv-z]{24}$/,
  server: /^pv[0-9a-hj-km-np-tv-z]{24}$/,
};

let t: TestServer;
let sdk: ReturnType<typeof adapter>;
let token: string;
let project: string;

beforeAll(async () => {
  t = await serverForFile();
  const owner = await newOwner(t);
  token = owner.token;
  project = owner.project;
  sdk = adapter(t.base, token, project);
});
afterAll(() => t.close());

interface SdkReply {
  code: number;
  contentType: string;
  body: string;
}

/** Ubicloud::Adapter::NetHttp: the same headers, the same way of sending bodies. */
function adapter(base: string, token: string, projectId: string) {
  const headers = {
    authorization: `Bearer: ${token}`,
    'content-type': 'application/json',
    accept: 'text/plain',
    connection: 'close',
  };
  const { 'content-type': _, ...getHeaders } = headers;
  const call = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', path: string, params?: object) =>
    new Promise<SdkReply>((resolve, reject) => {
      const url = new URL(`project/${projectId}/${path}`, `${base}/api/`);
      const body = params === undefined ? undefined : JSON.stringify(params);
      const req = http.request(
        url,
        {
          method,
          headers: {
            ...(method === 'GET' ? getHeaders : headers),
            ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () =>
            resolve({
              code: res.statusCode!,
              contentType: res.headers['content-type'] ?? '',
              body: text,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  /** Adapter#handle_response: parsed JSON on 200, nil on 204, an error otherwise. */
  const handled = async (reply: Promise<SdkReply>) => {
    const r = await reply;
    if (r.code === 204) return null;
    if (r.code !== 200)
      throw Object.assign(new Error(`unsuccessful response ${r.code}: ${r.body}`), {
        code: r.code,
      });
    expect(r.contentType).toContain('json');
    return JSON.parse(r.body) as Record<string, unknown> & { items?: Record<string, unknown>[] };
  };
  return {
    raw: call,
    get: (path: string) => handled(call('GET', path)),
    post: (path: string, params?: object) => handled(call('POST', path, params)),
    delete: (path: string) => handled(call('DELETE', path)),
    patch: (path: string, params?: object) => handled(call('PATCH', path, params)),
  };
}

describe("the origin's Ruby SDK on the wire", () => {
  it('creates a subnet with a POST that has a content type and no body, then reads, lists and destroys it', async () => {
    // PrivateSubnet.create(adapter, location, name) with no params: `params&.to_json` is nil.
    const subnet = await sdk.post(`location/${LOC}/private-subnet/sdk-net`);
    expect(subnet).toMatchObject({ name: 'sdk-net', location: LOC });
    expect(String(subnet!.id)).toMatch(/^ps[a-tv-z0-9]{24}$/);
    // Model#info and Model.list, with and without a location.
    expect(await sdk.get(`location/${LOC}/private-subnet/sdk-net`)).toMatchObject({
      id: subnet!.id,
    });
    expect((await sdk.get('private-subnet'))!.items!.map((s) => s.name)).toContain('sdk-net');
    expect((await sdk.get(`location/${LOC}/private-subnet`))!.items!.map((s) => s.name)).toContain(
      'sdk-net',
    );
    // Model#destroy: DELETE with the JSON content type and no body answers 204 (nil).
    expect(await sdk.delete(`location/${LOC}/private-subnet/sdk-net`)).toBeNull();
  });

  it('creates a VM with a key whose newlines the SDK turned into CRLF, restarts it and destroys it', async () => {
    // Vm's create defaults: public_key.gsub(/(?<!\r)\n/, "\r\n"); a pasted key often ends with a newline.
    const vm = await sdk.post(`location/${LOC}/vm/sdk-vm`, {
      public_key: `${SSH_KEY}\n`.replace(/(?<!\r)\n/g, '\r\n'),
      size: 'standard-2',
      enable_ip4: true,
    });
    expect(vm).toMatchObject({ name: 'sdk-vm', size: 'standard-2', unix_user: 'ubi' });
    await waitForVmState(t, token, project, 'sdk-vm', 'running');
    // Vm#restart: a POST without parameters, answered with the VM.
    expect(await sdk.post(`location/${LOC}/vm/sdk-vm/restart`)).toMatchObject({ id: vm!.id });
    expect(await sdk.delete(`location/${LOC}/vm/sdk-vm`)).toBeNull();
  });

  it('adds a firewall rule with the port range the SDK builds, and attaches a subnet by ID', async () => {
    const fw = await sdk.post(`location/${LOC}/firewall/sdk-fw`, { description: 'from the SDK' });
    // Firewall#add_rule(cidr, start_port: 22): port_range "22..22".
    const rule = await sdk.post(`location/${LOC}/firewall/sdk-fw/firewall-rule`, {
      cidr: '10.0.0.0/8',
      port_range: '22..22',
    });
    expect(rule).toMatchObject({ cidr: '10.0.0.0/8', port_range: '22..22' });
    const subnet = await sdk.post(`location/${LOC}/private-subnet/sdk-fw-net`);
    // Firewall#attach_subnet: a 200 with JSON (the origin's document answers the detailed firewall).
    const attached = await sdk.post(`location/${LOC}/firewall/sdk-fw/attach-subnet`, {
      private_subnet_id: subnet!.id,
    });
    expect(attached).toMatchObject({
      id: fw!.id,
      private_subnets: [expect.objectContaining({ id: subnet!.id })],
    });
    expect(
      await sdk.delete(`location/${LOC}/firewall/sdk-fw/firewall-rule/${String(rule!.id)}`),
    ).toBeNull();
    expect(await sdk.get(`location/${LOC}/firewall/${String(fw!.id)}`)).toMatchObject({
      firewall_rules: [],
    });
  });

  it('works with a personal access token, as the SDK is meant to be used', async () => {
    const issued = await t.call('issueToken', {
      token,
      params: { project_id: project },
      body: { name: 'sdk', role: 'member' },
    });
    expect(issued.status, issued.text).toBe(200);
    const withToken = adapter(t.base, issued.body.token, project);
    expect(await withToken.post(`location/${LOC}/private-subnet/sdk-token-net`)).toMatchObject({
      name: 'sdk-token-net',
    });
    expect(await withToken.delete(`location/${LOC}/private-subnet/sdk-token-net`)).toBeNull();
  });

  it('saves, renames, updates and deletes an SSH public key the way SshPublicKey does', async () => {
    const key = await sdk.post('ssh-public-key', { name: 'sdk-key', public_key: SSH_KEY });
    expect(String(key!.id)).toMatch(/^sk[a-tv-z0-9]{24}$/);
    expect((await sdk.get('ssh-public-key'))!.items!.map((k) => k.name)).toContain('sdk-key');
    // rename_to and update_public_key: a POST on the key with one field.
    expect(
      await sdk.post(`ssh-public-key/${String(key!.id)}`, { name: 'sdk-key-2' }),
    ).toMatchObject({ name: 'sdk-key-2' });
    expect(await sdk.post('ssh-public-key/sdk-key-2', { public_key: SSH_KEY })).toMatchObject({
      id: key!.id,
      public_key: SSH_KEY,
    });
    expect(await sdk.delete('ssh-public-key/sdk-key-2')).toBeNull();
  });

  it('finds an object by ID through object-info, connects subnets, and searches the audit log', async () => {
    const a = await sdk.post(`location/${LOC}/private-subnet/sdk-a`);
    const b = await sdk.post(`location/${LOC}/private-subnet/sdk-b`);
    // Model#load_object_info_from_id: location and name from the ID alone.
    expect(await sdk.get(`object-info/${String(a!.id)}`)).toMatchObject({
      location: LOC,
      name: 'sdk-a',
    });
    // PrivateSubnet#connect sends connected-subnet-ubid (the document names it connected-subnet-id); disconnect is a POST without parameters.
    expect(
      await sdk.post(`location/${LOC}/private-subnet/sdk-a/connect`, {
        'connected-subnet-ubid': b!.id,
      }),
    ).toMatchObject({ id: a!.id });
    expect(
      (await sdk.get(`location/${LOC}/private-subnet/sdk-a/connected-subnet`))!.items!.map(
        (s) => s.id,
      ),
    ).toEqual([b!.id]);
    expect(
      await sdk.post(`location/${LOC}/private-subnet/sdk-a/disconnect/${String(b!.id)}`),
    ).toMatchObject({ id: a!.id });
    // AuditLog.search(action:, limit:): a page of items, and pagination_key while older ones remain.
    const page = await sdk.get('audit-log?action=ps/connect&limit=1');
    expect(page!.items).toEqual([
      expect.objectContaining({
        action: 'ps/connect',
        at: expect.any(String),
        subject_id: expect.any(String),
      }),
    ]);
  });

  it('reads an object that is not there as a 404, which the SDK treats as missing', async () => {
    const r = await sdk.raw('GET', `location/${LOC}/vm/not-there`);
    expect(r.code).toBe(404);
    expect(r.contentType).toContain('json');
  });
});

// Ubicloud::Postgres (sdk/ruby/lib/ubicloud/model/postgres.rb at the origin's HEAD): every method,
// with the bodies it builds (keyword arguments left nil are sent as JSON null, except where the
// SDK compacts them: create, modify, add_log_destination).
describe("the origin's Ruby SDK on the wire: Postgres", () => {
  const PG = `location/${LOC}/postgres`;
  /** Model#info until the database is in `state` (the SDK has no wait; a client polls). */
  const waitFor = async (name: string, state: string) => {
    for (let i = 0; i < 500; i++) {
      const pg = await sdk.get(`${PG}/${name}`);
      if (pg!.state === state) return pg!;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`gave up waiting for ${name} to be ${state}`);
  };

  it('creates with the size default and storage 64, reads, lists and destroys a database (rows 6, 8)', async () => {
    // Postgres.create(adapter, location:, name:, storage_size: 64): size defaults to standard-2.
    const pg = await sdk.post(`${PG}/sdk-pg`, { size: 'standard-2', storage_size: 64 });
    expect(pg).toMatchObject({
      name: 'sdk-pg',
      vm_size: 'standard-2',
      storage_size_gib: 64,
      version: '18',
      target_server_count: 1,
      fallback_active: false,
    });
    // The columns the SDK reads (set_columns) are all there.
    for (const column of [
      'private_connection_string',
      'firewall_rules',
      'metric_destinations',
      'log_destinations',
      'read_replicas',
      'ca_certificates',
      'primary',
      'parent',
    ])
      expect(pg).toHaveProperty(column);
    expect((await sdk.get('postgres'))!.items!.map((p) => p.name)).toContain('sdk-pg');
    expect((await sdk.get(PG))!.items!.map((p) => p.name)).toContain('sdk-pg');
    // Postgres.create with tags as a hash: converted to [{key, value}]; burstable-1 is hobby-1.
    expect(
      await sdk.post(`${PG}/sdk-burst`, {
        size: 'burstable-1',
        storage_size: 16,
        tags: [{ key: 'env', value: 'test' }],
      }),
    ).toMatchObject({
      vm_size: 'hobby-1',
      tags: [{ key: 'env', value: 'test' }],
    });
    expect(await sdk.delete(`${PG}/sdk-burst`)).toBeNull();
    expect(await sdk.delete(`${PG}/sdk-pg`)).toBeNull();
  });

  it('adds, modifies and deletes firewall rules with the nulls the SDK sends (rows 3, 4, 22)', async () => {
    await sdk.post(`${PG}/sdk-fw`, { size: 'hobby-1', storage_size: 16 });
    // add_firewall_rule(cidr): description nil → null.
    const rule = await sdk.post(`${PG}/sdk-fw/firewall-rule`, {
      cidr: '10.9.0.0/16',
      description: null,
    });
    expect(rule).toMatchObject({
      id: expect.stringMatching(ORIGIN_ID.firewallRule),
      cidr: '10.9.0.0/16',
      description: '',
    });
    // An ID of the origin's shape that names no rule: missing (404), not refused (400, audit row 9).
    const unknown = `fr${String(rule!.id).slice(2, 14)}${'0'.repeat(12)}`;
    expect((await sdk.raw('PATCH', `${PG}/sdk-fw/firewall-rule/${unknown}`, {})).code).toBe(404);
    // modify_firewall_rule(id, description:): cidr nil → null keeps the CIDR.
    expect(
      await sdk.patch(`${PG}/sdk-fw/firewall-rule/${String(rule!.id)}`, {
        cidr: null,
        description: 'office',
      }),
    ).toMatchObject({ cidr: '10.9.0.0/16', description: 'office' });
    expect(await sdk.delete(`${PG}/sdk-fw/firewall-rule/${String(rule!.id)}`)).toBeNull();
    expect(await sdk.delete(`${PG}/sdk-fw`)).toBeNull();
  });

  it('adds metric destinations the four ways the SDK does, and log destinations (rows 2, 13)', async () => {
    await sdk.post(`${PG}/sdk-md`, { size: 'hobby-1', storage_size: 16 });
    // add_metric_destination(url:, username:, password:): options nil → null.
    const basic = await sdk.post(`${PG}/sdk-md/metric-destination`, {
      url: 'https://prom.example.com/write',
      username: 'u',
      password: 'p',
      options: null,
    });
    expect(basic!.metric_destinations).toEqual([
      expect.objectContaining({
        url: 'https://prom.example.com/write',
        username: 'u',
        auth_methods: ['basic_auth'],
      }),
    ]);
    // add_metric_destination(url:, options:) with authorization and headers.
    await sdk.post(`${PG}/sdk-md/metric-destination`, {
      url: 'https://o.example.com/write',
      username: null,
      password: null,
      options: { authorization: { credentials: 'k' }, headers: { 'X-Org': '1' } },
    });
    // add_bearer_metric_destination(url:, token:), without and with headers.
    await sdk.post(`${PG}/sdk-md/metric-destination`, {
      url: 'https://b.example.com/write',
      username: null,
      password: null,
      options: { authorization: { type: 'Bearer', credentials: 't' } },
    });
    const last = await sdk.post(`${PG}/sdk-md/metric-destination`, {
      url: 'https://mimir.example.com/push',
      username: null,
      password: null,
      options: {
        authorization: { type: 'Bearer', credentials: 't' },
        headers: { 'X-Scope-OrgID': 'team' },
      },
    });
    const mds = last!.metric_destinations as { id: string; auth_methods: string[] }[];
    expect(mds.map((d) => d.auth_methods)).toEqual([
      ['basic_auth'],
      ['authorization', 'headers'],
      ['authorization'],
      ['authorization', 'headers'],
    ]);
    expect(await sdk.delete(`${PG}/sdk-md/metric-destination/${mds[0]!.id}`)).toBeNull();
    // add_otlp_log_destination(name:, url:) sends empty headers; add_syslog_log_destination nests structured data.
    const otlp = await sdk.post(`${PG}/sdk-md/log-destination`, {
      name: 'otel',
      type: 'otlp',
      url: 'https://otel.example.com/v1/logs',
      options: { headers: {} },
    });
    expect(otlp).toMatchObject({
      id: expect.stringMatching(ORIGIN_ID.logDestination),
      name: 'otel',
      type: 'otlp',
    });
    const syslog = await sdk.post(`${PG}/sdk-md/log-destination`, {
      name: 'pt',
      type: 'syslog',
      url: 'tcp://logs.example.com:6514',
      options: { structured_data: { 'tokenSD@41058': { token: 'abc' } } },
    });
    expect(syslog).toMatchObject({
      name: 'pt',
      type: 'syslog',
      url: 'tcp://logs.example.com:6514',
    });
    expect(
      await sdk.post(`${PG}/sdk-md/log-destination`, {
        name: 'pt2',
        type: 'syslog',
        url: 'tcp://logs.example.com:6514',
        options: { structured_data: {} },
      }),
    ).toMatchObject({
      name: 'pt2',
    });
    expect((await sdk.get(`${PG}/sdk-md`))!.log_destinations).toHaveLength(3);
    expect(await sdk.delete(`${PG}/sdk-md/log-destination/${String(otlp!.id)}`)).toBeNull();
    expect(await sdk.delete(`${PG}/sdk-md`)).toBeNull();
  });

  it('restarts, recycles and modifies a busy database, and destroys one with a replica (rows 5, 14)', async () => {
    await sdk.post(`${PG}/sdk-busy`, { size: 'hobby-1', storage_size: 16 });
    await waitFor('sdk-busy', 'running');
    // modify(size:): compacted params; storage kept.
    expect(await sdk.patch(`${PG}/sdk-busy`, { size: 'hobby-2', storage_size: 32 })).toMatchObject({
      state: 'updating',
      target_vm_size: 'hobby-2',
    });
    // restart while updating, recycle while restarting: both answered with the database.
    expect(await sdk.post(`${PG}/sdk-busy/restart`)).toMatchObject({ name: 'sdk-busy' });
    expect(await sdk.post(`${PG}/sdk-busy/recycle`)).toMatchObject({ name: 'sdk-busy' });
    expect(await sdk.patch(`${PG}/sdk-busy`, { tags: [{ key: 'k', value: 'v' }] })).toMatchObject({
      tags: [{ key: 'k', value: 'v' }],
    });
    expect(await waitFor('sdk-busy', 'running')).toMatchObject({
      vm_size: 'hobby-2',
      storage_size_gib: 32,
    });
    // create_read_replica(name, tags:): tags as [{key, value}].
    const replica = await sdk.post(`${PG}/sdk-busy/read-replica`, {
      name: 'sdk-reader',
      tags: [{ key: 'role', value: 'r' }],
    });
    expect(replica).toMatchObject({
      read_replica: true,
      tags: [{ key: 'role', value: 'r' }],
      parent: `/location/${LOC}/postgres/sdk-busy`,
    });
    // destroy with a replica: 204.
    expect(await sdk.delete(`${PG}/sdk-busy`)).toBeNull();
    expect(await sdk.delete(`${PG}/sdk-reader`)).toBeNull();
  });

  it('configures, sets the maintenance window, resets the password, promotes, restores and upgrades (rows 7, 12, 27, 29)', async () => {
    await sdk.post(`${PG}/sdk-life`, { size: 'hobby-1', storage_size: 16, version: '17' });
    await waitFor('sdk-life', 'running');
    const at = `${PG}/sdk-life`;
    // update_config(**values) / update_pgbouncer_config: values as strings.
    expect(
      (await sdk.patch(`${at}/config`, { pg_config: { max_connections: '200' } }))!.pg_config,
    ).toEqual({ max_connections: '200' });
    expect(
      (await sdk.patch(`${at}/config`, { pgbouncer_config: { pool_mode: 'session' } }))!
        .pgbouncer_config,
    ).toEqual({ pool_mode: 'session' });
    expect(await sdk.get(`${at}/config`)).toMatchObject({
      pg_config: { max_connections: '200' },
      default_pg_config: expect.any(Object),
    });
    // set_maintenance_window(2, days: %w[mon wed]) and set_maintenance_window(nil): an empty body.
    expect(
      await sdk.post(`${at}/set-maintenance-window`, {
        maintenance_window_start_at: 2,
        maintenance_window_days: ['mon', 'wed'],
      }),
    ).toMatchObject({
      maintenance_window_start_at: 2,
      maintenance_window_days: ['mon', 'wed'],
    });
    expect(await sdk.post(`${at}/set-maintenance-window`, {})).toMatchObject({
      maintenance_window_start_at: null,
      maintenance_window_days: [],
    });
    expect(
      await sdk.post(`${at}/reset-superuser-password`, { password: 'Sdk-Passw0rd-Long' }),
    ).toMatchObject({ password: 'Sdk-Passw0rd-Long' });
    // backups, create_backup_credentials, servers, logs (the SDK's adapter drops the query string).
    expect((await sdk.get(`${at}/backup`))!.items).toEqual(expect.any(Array));
    expect(await sdk.post(`${at}/backup-credentials`)).toMatchObject({
      access_key_id: expect.any(String),
    });
    expect((await sdk.get(`${at}/servers`))!.items).toEqual([
      expect.objectContaining({
        id: expect.stringMatching(ORIGIN_ID.server),
        role: 'primary',
        synchronization_status: 'ready',
        fallback_active: false,
      }),
    ]);
    const { logs } = (await sdk.get(`${at}/logs`)) as { logs: { server_ubid: string }[] };
    for (const l of logs) expect(l.server_ubid).toMatch(ORIGIN_ID.server);
    // create_client_cert_keypair(common_name:, duration:): PEM text, which the SDK returns as a String.
    const pem = await sdk.raw('POST', `${at}/cert/create-client-keypair`, {
      common_name: 'App-User',
      duration: 86400,
    });
    expect(pem.code).toBe(200);
    expect(pem.contentType).not.toContain('json');
    expect(pem.body).toMatch(
      /^-----BEGIN CERTIFICATE-----[\s\S]+-----BEGIN [A-Z ]*PRIVATE KEY-----/,
    );
    expect(await sdk.post(`${at}/cert/add-auth-user`, { name: 'app_user' })).toEqual({
      items: ['app_user'],
    });
    expect(await sdk.post(`${at}/cert/remove-auth-user`, { name: 'app_user' })).toEqual({
      items: [],
    });
    // restore(name:, restore_target:, tags:).
    const info = await sdk.get(at);
    const restored = await sdk.post(`${at}/restore`, {
      name: 'sdk-copy',
      restore_target: info!.latest_restore_time,
      tags: [{ key: 'copy', value: '1' }],
    });
    expect(restored).toMatchObject({ name: 'sdk-copy', tags: [{ key: 'copy', value: '1' }] });
    // create_read_replica(name) and promote_read_replica.
    await sdk.post(`${at}/read-replica`, { name: 'sdk-rr' });
    await waitFor('sdk-rr', 'running');
    expect(await sdk.post(`${PG}/sdk-rr/promote-read-replica`)).toMatchObject({ name: 'sdk-rr' });
    expect(await waitFor('sdk-rr', 'running')).toMatchObject({ read_replica: false });
    // upgrade_status while not upgrading: the origin's 400; upgrade, then its status.
    expect((await sdk.raw('GET', `${at}/upgrade`)).code).toBe(400);
    expect(await sdk.post(`${at}/upgrade`)).toMatchObject({
      current_version: '17',
      target_version: '18',
      upgrade_status: 'running',
    });
    expect(await sdk.get(`${at}/upgrade`)).toMatchObject({ target_version: '18' });
    for (const name of ['sdk-life', 'sdk-copy', 'sdk-rr'])
      expect(await sdk.delete(`${PG}/${name}`)).toBeNull();
  });
});

// The origin's SDK against the kinds other than PostgreSQL (issue 28, audit rows 1, 15–23,
// 25, 30–34): each model method's exact request (sdk/ruby/lib/ubicloud/model/*.rb at the
// origin's HEAD), nulls included, and what it gets back.
describe("the origin's Ruby SDK on the wire: Kubernetes, firewalls, VMs, load balancers, SSH keys, audit log", () => {
  const KC_LOC = 'eu-central-h1';
  const kcPath = (name: string) => `location/${KC_LOC}/kubernetes-cluster/${name}`;
  /** Polls Model#info until `done`. */
  async function until(path: string, done: (x: Record<string, unknown>) => boolean) {
    for (;;) {
      const x = (await sdk.get(path))!;
      if (done(x)) return x;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  type Pool = { id: string; name: string; node_count: number; vms: { name: string }[] };

  it('KubernetesCluster: create, create_nodepool, resize_nodepool, retire_node, destroy_nodepool, upgrade_nodepool, upgrade, kubeconfig', async () => {
    // KubernetesCluster.create(adapter, location:, name:, **params): the params as given.
    const kc = await sdk.post(kcPath('sdk-kc'), {
      version: 'v1.35',
      worker_size: 'standard-2',
      worker_nodes: 2,
    });
    expect(kc).toMatchObject({ name: 'sdk-kc', version: 'v1.35', display_state: 'creating' });
    await until(kcPath('sdk-kc'), (x) => x.display_state === 'running');
    const cfg = await sdk.raw('GET', `${kcPath('sdk-kc')}/kubeconfig`);
    expect(cfg.code).toBe(200);
    expect(cfg.body).toMatch(/^apiVersion: v1$/m);

    // #create_nodepool(name, node_size:, node_count:): POST …/nodepool with all three.
    const np = (await sdk.post(`${kcPath('sdk-kc')}/nodepool`, {
      name: 'sdk-np',
      node_size: 'standard-2',
      node_count: 2,
    })) as unknown as Pool;
    expect(np).toMatchObject({ name: 'sdk-np', node_count: 2 });
    await until(kcPath('sdk-kc'), (x) => x.display_state === 'running');

    // #resize_nodepool(ref, node_count) by ID.
    expect(
      await sdk.post(`${kcPath('sdk-kc')}/nodepool/${np.id}/resize`, { node_count: 3 }),
    ).toMatchObject({ id: np.id, node_count: 3 });
    const grown = await until(kcPath('sdk-kc'), (x) => x.display_state === 'running');
    const pool = (grown.nodepools as Pool[]).find((p) => p.name === 'sdk-np')!;
    expect(pool.vms).toHaveLength(3);

    // #retire_node(name): the pool answers, one node fewer.
    expect(await sdk.post(`${kcPath('sdk-kc')}/node/${pool.vms[0]!.name}/retire`)).toMatchObject({
      id: np.id,
      node_count: 2,
    });

    // #destroy_nodepool(ref), in any state; the last pool stays (422).
    expect(await sdk.delete(`${kcPath('sdk-kc')}/nodepool/sdk-np`)).toBeNull();
    expect((await sdk.raw('DELETE', `${kcPath('sdk-kc')}/nodepool/sdk-kc-np`)).code).toBe(422);
    await until(kcPath('sdk-kc'), (x) => x.display_state === 'running');

    // #upgrade_nodepool at the cluster's version: the origin's 422; #upgrade: the cluster, upgrading.
    const current = await sdk.raw('POST', `${kcPath('sdk-kc')}/nodepool/sdk-kc-np/upgrade`);
    expect(current.code).toBe(422);
    expect(JSON.parse(current.body)).toMatchObject({
      error: { type: 'UnprocessableContent', message: 'Nodepool is not ready to be upgraded' },
    });
    expect(await sdk.post(`${kcPath('sdk-kc')}/upgrade`)).toMatchObject({
      version: 'v1.36',
      display_state: 'upgrading',
    });
    const upgraded = await until(kcPath('sdk-kc'), (x) => x.display_state === 'running');
    // The control plane only: the pool keeps its version until #upgrade_nodepool, as the origin.
    expect(upgraded.nodepools).toEqual([
      expect.objectContaining({ name: 'sdk-kc-np', version: 'v1.35', node_count: 2 }),
    ]);
    expect(await sdk.post(`${kcPath('sdk-kc')}/nodepool/sdk-kc-np/upgrade`)).toMatchObject({
      name: 'sdk-kc-np',
      version: 'v1.36',
    });
    await until(kcPath('sdk-kc'), (x) => x.display_state === 'running');
    expect((await sdk.raw('POST', `${kcPath('sdk-kc')}/upgrade`)).code).toBe(422);
    // Model#destroy.
    expect(await sdk.delete(kcPath('sdk-kc'))).toBeNull();
  });

  it('Vm: create with a saved key’s name, init_script, gpu "0:" and coerced strings; stop, start; a refused action is a 400', async () => {
    // SshPublicKey.create(adapter, name:, public_key:) with authorized_keys text of two lines.
    const team = `${SSH_KEY}\r\n# spare\r\n${SSH_KEY}\r\n`;
    expect(await sdk.post('ssh-public-key', { name: 'sdk-team', public_key: team })).toMatchObject({
      name: 'sdk-team',
    });
    // Vm.create: the create defaults run gsub on public_key; a name has no newline to turn.
    const vm = await sdk.post(`location/${LOC}/vm/sdk-vm2`, {
      public_key: 'sdk-team',
      init_script: '#!/bin/sh\ntrue',
      gpu: '0:',
      enable_ip4: 'true',
      storage_size: '40',
    });
    expect(vm).toMatchObject({ name: 'sdk-vm2', storage_size_gib: 40 });
    expect(vm!.ip4).not.toBeNull();
    // Vm#start on a VM that is not stopped: the origin's 400, not a conflict.
    const refused = await sdk.raw('POST', `location/${LOC}/vm/sdk-vm2/start`);
    expect(refused.code).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({
      error: {
        type: 'InvalidRequest',
        message: "The start action is not supported in the VM's current state",
      },
    });
    await waitForVmState(t, token, project, 'sdk-vm2', 'running');
    expect(await sdk.post(`location/${LOC}/vm/sdk-vm2/stop`)).toMatchObject({
      id: vm!.id,
      state: 'stopping',
    });
    await waitForVmState(t, token, project, 'sdk-vm2', 'stopped');
    expect(await sdk.post(`location/${LOC}/vm/sdk-vm2/start`)).toMatchObject({ state: 'starting' });
    // Vm#stop while it starts: the origin allows it.
    expect(await sdk.post(`location/${LOC}/vm/sdk-vm2/stop`)).toMatchObject({ state: 'stopping' });
    await waitForVmState(t, token, project, 'sdk-vm2', 'stopped');
    expect(await sdk.delete(`location/${LOC}/vm/sdk-vm2`)).toBeNull();
    expect(await sdk.delete('ssh-public-key/sdk-team')).toBeNull();
  });

  it('Firewall: add_rule with a subnet’s name and an upper-case protocol answers both rules; modify_rule, attach_subnet with full subnet records', async () => {
    await sdk.post(`location/${LOC}/firewall/sdk-fw2`, { description: 'two' });
    const net = await sdk.post(`location/${LOC}/private-subnet/sdk-fw2-net`);
    // Firewall#add_rule(cidr, start_port: 443, protocol: "TCP"): the body carries only what is given.
    const rules = (await sdk.post(`location/${LOC}/firewall/sdk-fw2/firewall-rule`, {
      cidr: 'sdk-fw2-net',
      port_range: '443..443',
      protocol: 'TCP',
    })) as unknown as {
      id: string;
      cidr: string;
      protocol: string;
    }[];
    expect(rules.map((r) => [r.cidr, r.protocol])).toEqual([
      [net!.net4, 'tcp'],
      [net!.net6, 'tcp'],
    ]);
    // Firewall#modify_rule(id, description:): a PATCH with only the given keys (compacted).
    expect(
      await sdk.patch(`location/${LOC}/firewall/sdk-fw2/firewall-rule/${rules[0]!.id}`, {
        description: 'https',
      }),
    ).toMatchObject({ id: rules[0]!.id, description: 'https' });
    const attached = await sdk.post(`location/${LOC}/firewall/sdk-fw2/attach-subnet`, {
      private_subnet_id: net!.id,
    });
    expect(attached!.private_subnets).toEqual([
      expect.objectContaining({
        id: net!.id,
        net4: net!.net4,
        net6: net!.net6,
        firewalls: expect.any(Array),
        nics: [],
      }),
    ]);
    // Firewall#update_description: PATCH {description}.
    expect(
      await sdk.patch(`location/${LOC}/firewall/sdk-fw2`, { description: 'changed' }),
    ).toMatchObject({ description: 'changed' });
    // Firewall#detach_subnet and #delete_rule.
    expect(
      await sdk.post(`location/${LOC}/firewall/sdk-fw2/detach-subnet`, {
        private_subnet_id: net!.id,
      }),
    ).toMatchObject({ private_subnets: [] });
    expect(
      await sdk.delete(`location/${LOC}/firewall/sdk-fw2/firewall-rule/${rules[1]!.id}`),
    ).toBeNull();
  });

  it('LoadBalancer: create with the SDK’s defaults and an https check (certificate on by default), update, toggle_ssl_certificate', async () => {
    const net = await sdk.post(`location/${LOC}/private-subnet/sdk-lb-net`);
    // LoadBalancer.create: algorithm, stack and health_check_protocol filled by the SDK when absent.
    const lb = await sdk.post(`location/${LOC}/load-balancer/sdk-lb`, {
      private_subnet_id: net!.id,
      src_port: 443,
      dst_port: 8443,
      health_check_protocol: 'https',
      algorithm: 'round_robin',
      stack: 'dual',
    });
    expect(lb).toMatchObject({
      name: 'sdk-lb',
      cert_enabled: true,
      health_check_protocol: 'https',
    });
    // #update(algorithm:, src_port:, dst_port:, health_check_endpoint:, cert_enabled:, vms:).
    const updated = await sdk.patch(`location/${LOC}/load-balancer/sdk-lb`, {
      algorithm: 'hash_based',
      src_port: 443,
      dst_port: 9443,
      health_check_endpoint: '/up',
      cert_enabled: false,
      vms: [],
    });
    expect(updated).toMatchObject({ algorithm: 'hash_based', dst_port: 9443, cert_enabled: false });
    expect(
      await sdk.post(`location/${LOC}/load-balancer/sdk-lb/toggle-ssl-certificate`, {
        cert_enabled: true,
      }),
    ).toMatchObject({ cert_enabled: true });
    // #attach_vm / #detach_vm with a VM of its subnet: {vm_id}.
    const vm = await sdk.post(`location/${LOC}/vm/sdk-lb-vm`, {
      public_key: SSH_KEY,
      private_subnet_id: net!.id,
      enable_ip4: true,
    });
    const attached = await sdk.post(`location/${LOC}/load-balancer/sdk-lb/attach-vm`, {
      vm_id: vm!.id,
    });
    expect(attached!.vms).toEqual([expect.objectContaining({ id: vm!.id })]);
    expect(
      (await sdk.post(`location/${LOC}/load-balancer/sdk-lb/detach-vm`, { vm_id: vm!.id }))!.vms,
    ).toEqual([]);
    expect(await sdk.delete(`location/${LOC}/load-balancer/sdk-lb`)).toBeNull();
  });

  it('AuditLog.search: a GET of audit-log (the adapter drops the query), items in the origin’s form', async () => {
    const ps = await sdk.post(`location/${LOC}/private-subnet/sdk-audited`);
    // AuditLog.search(adapter, action: "ps/create", limit: 1) sends adapter.get("audit-log", opts),
    // whose net_http adapter keeps only the URL's path: the request has no query string.
    const page = await sdk.get('audit-log');
    const entry = page!.items!.find((e) => e.action === 'ps/create');
    expect(entry).toMatchObject({
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      action: 'ps/create',
      subject_id: expect.stringMatching(/^ac/),
      object_ids: [ps!.id],
    });
    // Page#next_page passes pagination_key back only when the answer has one.
    expect(page!.pagination_key).toBeUndefined();
    for (const e of page!.items!) expect(e.action).toMatch(/^[0-9a-z]{2}\/[a-z_]+$/);
  });
});
