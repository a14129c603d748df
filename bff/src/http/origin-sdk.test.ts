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
  const headers = { authorization: `Bearer: ${token}`, 'content-type': 'application/json', accept: 'text/plain', connection: 'close' };
  const { 'content-type': _, ...getHeaders } = headers;
  const call = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', path: string, params?: object) =>
    new Promise<SdkReply>((resolve, reject) => {
      const url = new URL(`project/${projectId}/${path}`, `${base}/api/`);
      const body = params === undefined ? undefined : JSON.stringify(params);
      const req = http.request(
        url,
        { method, headers: { ...(method === 'GET' ? getHeaders : headers), ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }) } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => resolve({ code: res.statusCode!, contentType: res.headers['content-type'] ?? '', body: text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  /** Adapter#handle_response: parsed JSON on 200, nil on 204, an error otherwise. */
  const handled = async (reply: Promise<SdkReply>) => {
    const r = await reply;
    if (r.code === 204) return null;
    if (r.code !== 200) throw Object.assign(new Error(`unsuccessful response ${r.code}: ${r.body}`), { code: r.code });
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
    expect(await sdk.get(`location/${LOC}/private-subnet/sdk-net`)).toMatchObject({ id: subnet!.id });
    expect((await sdk.get('private-subnet'))!.items!.map((s) => s.name)).toContain('sdk-net');
    expect((await sdk.get(`location/${LOC}/private-subnet`))!.items!.map((s) => s.name)).toContain('sdk-net');
    // Model#destroy: DELETE with the JSON content type and no body answers 204 (nil).
    expect(await sdk.delete(`location/${LOC}/private-subnet/sdk-net`)).toBeNull();
  });

  it('creates a VM with a key whose newlines the SDK turned into CRLF, restarts it and destroys it', async () => {
    // Vm's create defaults: public_key.gsub(/(?<!\r)\n/, "\r\n"); a pasted key often ends with a newline.
    const vm = await sdk.post(`location/${LOC}/vm/sdk-vm`, { public_key: `${SSH_KEY}\n`.replace(/(?<!\r)\n/g, '\r\n'), size: 'standard-2', enable_ip4: true });
    expect(vm).toMatchObject({ name: 'sdk-vm', size: 'standard-2', unix_user: 'ubi' });
    await waitForVmState(t, token, project, 'sdk-vm', 'running');
    // Vm#restart: a POST without parameters, answered with the VM.
    expect(await sdk.post(`location/${LOC}/vm/sdk-vm/restart`)).toMatchObject({ id: vm!.id });
    expect(await sdk.delete(`location/${LOC}/vm/sdk-vm`)).toBeNull();
  });

  it('adds a firewall rule with the port range the SDK builds, and attaches a subnet by ID', async () => {
    const fw = await sdk.post(`location/${LOC}/firewall/sdk-fw`, { description: 'from the SDK' });
    // Firewall#add_rule(cidr, start_port: 22): port_range "22..22".
    const rule = await sdk.post(`location/${LOC}/firewall/sdk-fw/firewall-rule`, { cidr: '10.0.0.0/8', port_range: '22..22' });
    expect(rule).toMatchObject({ cidr: '10.0.0.0/8', port_range: '22..22' });
    const subnet = await sdk.post(`location/${LOC}/private-subnet/sdk-fw-net`);
    // Firewall#attach_subnet: a 200 with JSON (the origin's document answers the detailed firewall).
    const attached = await sdk.post(`location/${LOC}/firewall/sdk-fw/attach-subnet`, { private_subnet_id: subnet!.id });
    expect(attached).toMatchObject({ id: fw!.id, private_subnets: [expect.objectContaining({ id: subnet!.id })] });
    expect(await sdk.delete(`location/${LOC}/firewall/sdk-fw/firewall-rule/${String(rule!.id)}`)).toBeNull();
    expect(await sdk.get(`location/${LOC}/firewall/${String(fw!.id)}`)).toMatchObject({ firewall_rules: [] });
  });

  it('works with a personal access token, as the SDK is meant to be used', async () => {
    const issued = await t.call('issueToken', { token, params: { project_id: project }, body: { name: 'sdk', role: 'member' } });
    expect(issued.status, issued.text).toBe(200);
    const withToken = adapter(t.base, issued.body.token, project);
    expect(await withToken.post(`location/${LOC}/private-subnet/sdk-token-net`)).toMatchObject({ name: 'sdk-token-net' });
    expect(await withToken.delete(`location/${LOC}/private-subnet/sdk-token-net`)).toBeNull();
  });

  it('saves, renames, updates and deletes an SSH public key the way SshPublicKey does', async () => {
    const key = await sdk.post('ssh-public-key', { name: 'sdk-key', public_key: SSH_KEY });
    expect(String(key!.id)).toMatch(/^sk[a-tv-z0-9]{24}$/);
    expect((await sdk.get('ssh-public-key'))!.items!.map((k) => k.name)).toContain('sdk-key');
    // rename_to and update_public_key: a POST on the key with one field.
    expect(await sdk.post(`ssh-public-key/${String(key!.id)}`, { name: 'sdk-key-2' })).toMatchObject({ name: 'sdk-key-2' });
    expect(await sdk.post('ssh-public-key/sdk-key-2', { public_key: SSH_KEY })).toMatchObject({ id: key!.id, public_key: SSH_KEY });
    expect(await sdk.delete('ssh-public-key/sdk-key-2')).toBeNull();
  });

  it('finds an object by ID through object-info, connects subnets, and searches the audit log', async () => {
    const a = await sdk.post(`location/${LOC}/private-subnet/sdk-a`);
    const b = await sdk.post(`location/${LOC}/private-subnet/sdk-b`);
    // Model#load_object_info_from_id: location and name from the ID alone.
    expect(await sdk.get(`object-info/${String(a!.id)}`)).toMatchObject({ location: LOC, name: 'sdk-a' });
    // PrivateSubnet#connect sends connected-subnet-ubid (the document names it connected-subnet-id); disconnect is a POST without parameters.
    expect(await sdk.post(`location/${LOC}/private-subnet/sdk-a/connect`, { 'connected-subnet-ubid': b!.id })).toMatchObject({ id: a!.id });
    expect((await sdk.get(`location/${LOC}/private-subnet/sdk-a/connected-subnet`))!.items!.map((s) => s.id)).toEqual([b!.id]);
    expect(await sdk.post(`location/${LOC}/private-subnet/sdk-a/disconnect/${String(b!.id)}`)).toMatchObject({ id: a!.id });
    // AuditLog.search(action:, limit:): a page of items, and pagination_key while older ones remain.
    const page = await sdk.get('audit-log?action=connectPrivateSubnet&limit=1');
    expect(page!.items).toEqual([expect.objectContaining({ action: 'connectPrivateSubnet', at: expect.any(String), subject_id: expect.any(String) })]);
  });

  it('reads an object that is not there as a 404, which the SDK treats as missing', async () => {
    const r = await sdk.raw('GET', `location/${LOC}/vm/not-there`);
    expect(r.code).toBe(404);
    expect(r.contentType).toContain('json');
  });
});
