// A client's journey through the API as an outsider writes it (decision 261): openapi-fetch,
// typed by the types openapi-typescript made from the OpenAPI document (bff/test/openapi.gen.ts,
// written by `npm run openapi`), against the real server over HTTP. Every answer it gets, its
// status and body, is checked against the document by a standard JSON Schema validator (Ajv,
// draft 2020-12, the dialect of OpenAPI 3.1), not by the route table's own zod schemas.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import createClient, { type Middleware } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '#shared/openapi';
import { LOC, SSH_KEY } from '../../test/fixtures.ts';
import { startServer, type TestServer } from '../../test/harness.ts';
import type { paths } from '../../test/openapi.gen.ts';

type Json = Record<string, unknown>;
interface Operation {
  responses: Record<string, Json>;
}

const document = openApiDocument() as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Json; responses: Record<string, Json> };
};
const DOC = 'urn:cloud-console:openapi.json';
const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
addFormats(ajv);
// The document's own fields are not JSON Schema keywords: known to Ajv, they validate nothing,
// and the schemas under them are reached by JSON pointer, as `$ref` reaches them.
for (const keyword of ['openapi', 'info', 'servers', 'paths', 'components'])
  ajv.addKeyword(keyword);
ajv.addSchema(document, DOC);

const pointer = (...parts: string[]) =>
  parts.map((p) => `/${p.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** What is wrong with an answer by the document: its status is not listed for the operation, or its body does not match. */
function problems(
  method: string,
  schemaPath: string,
  status: number,
  contentType: string | null,
  text: string,
): string[] {
  const operation = document.paths[schemaPath]?.[method];
  if (!operation) return [`${method.toUpperCase()} ${schemaPath} is not in the document`];
  let response = operation.responses[status];
  if (!response)
    return [`${status} is not a documented answer of ${method.toUpperCase()} ${schemaPath}`];
  let at = `#${pointer('paths', schemaPath, method, 'responses', String(status))}`;
  if (typeof response.$ref === 'string') {
    at = response.$ref;
    response = document.components.responses[at.split('/').pop()!]!;
  }
  const content = response.content as Record<string, unknown> | undefined;
  if (!content)
    return text === '' ? [] : [`${status} has no body by the document, got ${text.slice(0, 200)}`];
  if (!contentType?.startsWith('application/json') || !content['application/json'])
    return [`${status}: content type ${contentType} is not in the document`];
  const validate = ajv.getSchema(`${DOC}${at}${pointer('content', 'application/json', 'schema')}`);
  if (!validate) return [`no schema at ${at}`];
  if (validate(JSON.parse(text))) return [];
  return (validate.errors ?? []).map(
    (e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
  );
}

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

/** Every answer the clients got, with what the document finds wrong with it. */
const answers: { request: string; status: number; problems: string[] }[] = [];
const checkEveryAnswer: Middleware = {
  async onResponse({ request, response, schemaPath }) {
    const text = await response.clone().text();
    answers.push({
      request: `${request.method} ${schemaPath}`,
      status: response.status,
      problems: problems(
        request.method.toLowerCase(),
        schemaPath,
        response.status,
        response.headers.get('content-type'),
        text,
      ),
    });
  },
};

function client(token?: string) {
  const c = createClient<paths>({
    baseUrl: `${t.base}/api`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  c.use(checkEveryAnswer);
  return c;
}

describe('a client generated from the OpenAPI document', () => {
  it('logs in, builds a network and a VM, cleans up and meets a 404 and a 400, every answer as documented', async () => {
    // Sign-up is the console's (it mails a link): the account is made as the other tests make theirs.
    const { email, password } = await t.newAccount();

    const login = await client().POST('/login', { body: { login: email, password } });
    expect(login.response.status).toBe(200);
    expect(login.data?.success).toBe('You have been logged in');
    const api = client(login.response.headers.get('authorization')!);

    const project = await api.POST('/project', { body: { name: 'journey' } });
    expect(project.response.status).toBe(200);
    const project_id = project.data!.id;
    const inLocation = { project_id, location_name: LOC };

    const subnet = await api.POST(
      '/project/{project_id}/location/{location_name}/private-subnet/{ps_name}',
      { params: { path: { ...inLocation, ps_name: 'journey-net' } } },
    );
    expect(subnet.response.status).toBe(200);
    expect(subnet.data!.name).toBe('journey-net');

    const created = await api.POST('/project/{project_id}/location/{location_name}/vm/{vm_name}', {
      params: { path: { ...inLocation, vm_name: 'journey-vm' } },
      body: { public_key: SSH_KEY, private_subnet_id: subnet.data!.id },
    });
    expect(created.response.status).toBe(200);
    const vm = created.data!;

    const list = await api.GET('/project/{project_id}/vm', {
      params: { path: { project_id }, query: { page_size: '10' } },
    });
    expect(list.response.status).toBe(200);
    expect(list.data!.items.map((v) => v.id)).toContain(vm.id);

    const got = await api.GET('/project/{project_id}/location/{location_name}/vm/{vm_name}', {
      params: { path: { ...inLocation, vm_name: 'journey-vm' } },
    });
    expect(got.response.status).toBe(200);
    expect(got.data!.id).toBe(vm.id);

    const inFirewall = { project_id, location: LOC, firewall_reference: 'journey-fw' };
    const firewall = await api.POST(
      '/project/{project_id}/location/{location}/firewall/{firewall_reference}',
      { params: { path: inFirewall }, body: { description: 'SSH only' } },
    );
    expect(firewall.response.status).toBe(200);
    const rule = await api.POST(
      '/project/{project_id}/location/{location}/firewall/{firewall_reference}/firewall-rule',
      {
        params: { path: inFirewall },
        body: { cidr: '0.0.0.0/0', port_range: '22', protocol: 'tcp' },
      },
    );
    expect(rule.response.status).toBe(200);
    // One CIDR makes one rule (a subnet's reference would make an array of two).
    const made = rule.data!;
    if (Array.isArray(made)) throw new Error('one rule expected');

    // A 400 with the current error body: a CIDR that is none.
    const bad = await api.POST(
      '/project/{project_id}/location/{location}/firewall/{firewall_reference}/firewall-rule',
      {
        params: { path: inFirewall },
        body: { cidr: 'not-a-cidr', port_range: '22', protocol: 'tcp' },
      },
    );
    expect(bad.response.status).toBe(400);
    expect(bad.error).toMatchObject({ error: { type: 'InvalidRequest' } });

    const ruleGone = await api.DELETE(
      '/project/{project_id}/location/{location}/firewall/{firewall_reference}/firewall-rule/{firewall_rule_id}',
      {
        params: { path: { ...inFirewall, firewall_rule_id: made.id } },
      },
    );
    expect(ruleGone.response.status).toBe(204);
    expect(
      (
        await api.DELETE(
          '/project/{project_id}/location/{location}/firewall/{firewall_reference}',
          { params: { path: inFirewall } },
        )
      ).response.status,
    ).toBe(204);

    expect(
      (
        await api.DELETE('/project/{project_id}/location/{location_name}/vm/{vm_name}', {
          params: { path: { ...inLocation, vm_name: 'journey-vm' } },
        })
      ).response.status,
    ).toBe(204);
    // A 404 with the legacy error body: the VM once its deletion is done.
    let gone;
    for (let tries = 0; tries < 200; tries++) {
      gone = await api.GET('/project/{project_id}/location/{location_name}/vm/{vm_name}', {
        params: { path: { ...inLocation, vm_name: 'journey-vm' } },
      });
      if (gone.response.status === 404) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(gone!.response.status).toBe(404);
    expect(gone!.error).toMatchObject({ type: 'ResourceNotFound' });

    expect(
      (
        await api.DELETE(
          '/project/{project_id}/location/{location_name}/private-subnet/{ps_name}',
          { params: { path: { ...inLocation, ps_name: 'journey-net' } } },
        )
      ).response.status,
    ).toBe(204);
    expect((await api.POST('/logout')).response.status).toBe(200);

    expect(answers.length).toBeGreaterThan(12);
    expect(answers.filter((a) => a.problems.length > 0)).toEqual([]);
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200, 204, 400, 404]));
  });

  it('finds what is wrong with an answer the document does not allow', () => {
    expect(
      problems('get', '/project/{project_id}', 200, 'application/json', '{"id":1}'),
    ).not.toEqual([]);
    expect(problems('get', '/project/{project_id}', 418, 'application/json', '{}')).not.toEqual([]);
    expect(
      problems(
        'get',
        '/project/{project_id}',
        404,
        'application/json',
        '{"code":404,"type":"ResourceNotFound","message":"m","details":null}',
      ),
    ).not.toEqual([]);
    expect(problems('delete', '/project/{project_id}', 204, null, '')).toEqual([]);
  });

  it('every schema of the document compiles in a standard validator', () => {
    for (const name of Object.keys(document.components.schemas))
      expect(ajv.getSchema(`${DOC}#${pointer('components', 'schemas', name)}`), name).toBeTypeOf(
        'function',
      );
  });
});
