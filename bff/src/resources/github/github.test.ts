// The code host through both providers: the simulated one (the default) and the GitHub App
// one against a local fake GitHub server (never the internet), with the webhook.
import { afterAll, describe, expect, it } from 'vitest';
import {
  githubCacheEntrySchema,
  githubInstallationSchema,
  githubRepositorySchema,
} from '#shared/api/github';
import { newId } from '#shared/ids';
import { expectSchema, serverForFile, type TestServer } from '../../../test/harness.ts';
import {
  checkPagination,
  expectCurrentError,
  expectInvalid,
  newOwner,
  P,
  stranger,
} from '../../../test/fixtures.ts';
import { startFakeGithub } from '../../../test/fake-github.ts';
import { webhookSignature } from './github.provider.ts';
import { GITHUB_WEBHOOK_PATH } from './github.webhook.ts';

const t = await serverForFile();

async function connectDemo(s: TestServer, token: string, project: string) {
  const res = await s.call('connectGithubInstallation', { token, params: { project_id: project } });
  expect(res.status, res.text).toBe(200);
  return expectSchema(githubInstallationSchema, res.body);
}

describe('the simulated provider', () => {
  it('says it is the one in use, with no install page', async () => {
    const a = await newOwner(t);
    const res = await t.call('getGithubApp', { token: a.token });
    expect(res.body).toEqual({ provider: 'simulated', install_url: null });
  });

  it('connects a demo installation and answers it by ID and by name, and in the list', async () => {
    const a = await newOwner(t);
    const p = { project_id: a.project };
    expect((await t.call('listGithubInstallations', { token: a.token, params: p })).body).toEqual({
      count: 0,
      items: [],
    });
    const inst = await connectDemo(t, a.token, a.project);
    expect(inst.id).toMatch(/^g1/);
    for (const ref of [inst.id, inst.name]) {
      const got = await t.call('getGithubInstallation', {
        token: a.token,
        params: { ...p, installation_reference: ref },
      });
      expect(got.body).toEqual(inst);
    }
    expect((await t.call('listGithubInstallations', { token: a.token, params: p })).body).toEqual({
      count: 1,
      items: [inst],
    });
  });

  it('pages installations like every list', async () => {
    const a = await newOwner(t);
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await connectDemo(t, a.token, a.project));
    await checkPagination(
      t,
      a.token,
      { path: `${P(a.project)}/github`, generation: 'current', expected: made },
      (item) => expectSchema(githubInstallationSchema, item),
    );
  });

  it('lists, pages and gets the installation’s repositories by ID and name', async () => {
    const a = await newOwner(t);
    const inst = await connectDemo(t, a.token, a.project);
    const params = { project_id: a.project, installation_reference: inst.name };
    const all = await t.call('listGithubRepositories', {
      token: a.token,
      params,
      query: { page_size: 1000 },
    });
    expect(all.body.count).toBe(25);
    for (const r of all.body.items)
      expect(expectSchema(githubRepositorySchema, r).installation_name).toBe(inst.name);
    await checkPagination(
      t,
      a.token,
      {
        path: `${P(a.project)}/github/${inst.id}/repository`,
        generation: 'current',
        expected: all.body.items,
      },
      (item) => expectSchema(githubRepositorySchema, item),
    );
    const api = all.body.items.find((r) => r.name === 'api')!;
    for (const ref of [api.id, 'api']) {
      const got = await t.call('getGithubRepository', {
        token: a.token,
        params: { ...params, repository_reference: ref },
      });
      expect(got.body).toEqual({ id: api.id, name: 'api', installation_name: inst.name });
    }
  });

  it('lists a repository’s cache entries, deletes one (idempotently) and then all', async () => {
    const a = await newOwner(t);
    const inst = await connectDemo(t, a.token, a.project);
    const params = {
      project_id: a.project,
      installation_reference: inst.name,
      repository_reference: 'api',
    };
    const list = await t.call('listGithubCacheEntries', { token: a.token, params });
    expect(list.body.count).toBe(3);
    for (const e of list.body.items) {
      expectSchema(githubCacheEntrySchema, e);
      expect([e.installation_name, e.repository_name]).toEqual([inst.name, 'api']);
    }
    const [first, ...rest] = list.body.items;
    expect(
      (
        await t.call('getGithubCacheEntry', {
          token: a.token,
          params: { ...params, cache_entry_id: first!.id },
        })
      ).body,
    ).toEqual(first);
    for (let i = 0; i < 2; i++) {
      const del = await t.call('deleteGithubCacheEntry', {
        token: a.token,
        params: { ...params, cache_entry_id: first!.id },
      });
      expect([del.status, del.text]).toEqual([204, '']);
    }
    expect(
      (
        await t.call('getGithubCacheEntry', {
          token: a.token,
          params: { ...params, cache_entry_id: first!.id },
        })
      ).status,
    ).toBe(404);
    expect((await t.call('listGithubCacheEntries', { token: a.token, params })).body).toEqual({
      count: 2,
      items: rest,
    });
    // Another repository's entries are untouched by deleting all of this one's.
    const web = { ...params, repository_reference: 'web' };
    const webBefore = (await t.call('listGithubCacheEntries', { token: a.token, params: web }))
      .body;
    expect((await t.call('deleteAllGithubCacheEntries', { token: a.token, params })).status).toBe(
      204,
    );
    expect((await t.call('listGithubCacheEntries', { token: a.token, params })).body).toEqual({
      count: 0,
      items: [],
    });
    expect((await t.call('listGithubCacheEntries', { token: a.token, params: web })).body).toEqual(
      webBefore,
    );
  });

  it('answers a malformed reference with 400 naming it and an unknown one with 404', async () => {
    const a = await newOwner(t);
    const inst = await connectDemo(t, a.token, a.project);
    const p = { project_id: a.project };
    expectInvalid(
      'current',
      await t.call('getGithubInstallation', {
        token: a.token,
        params: { ...p, installation_reference: 'bad_name!' },
      }),
      'installation_reference',
    );
    expectInvalid(
      'current',
      await t.call('getGithubInstallation', {
        token: a.token,
        params: { ...p, installation_reference: '-dash' },
      }),
      'installation_reference',
    );
    expectInvalid(
      'current',
      await t.call('listGithubRepositories', {
        token: a.token,
        params: { ...p, installation_reference: 'a b' },
      }),
      'installation_reference',
    );
    expectInvalid(
      'current',
      await t.call('getGithubRepository', {
        token: a.token,
        params: { ...p, installation_reference: inst.name, repository_reference: 'a b' },
      }),
      'repository_reference',
    );
    expectInvalid(
      'current',
      await t.call('deleteGithubCacheEntry', {
        token: a.token,
        params: {
          ...p,
          installation_reference: inst.name,
          repository_reference: 'api',
          cache_entry_id: 'ge1',
        },
      }),
      'cache_entry_id',
    );
    expectCurrentError(
      await t.call('getGithubInstallation', {
        token: a.token,
        params: { ...p, installation_reference: 'nobody' },
      }),
      404,
      'ResourceNotFound',
    );
    expectCurrentError(
      await t.call('getGithubInstallation', {
        token: a.token,
        params: { ...p, installation_reference: newId('installation') },
      }),
      404,
      'ResourceNotFound',
    );
    expectCurrentError(
      await t.call('listGithubRepositories', {
        token: a.token,
        params: { ...p, installation_reference: 'nobody' },
      }),
      404,
      'ResourceNotFound',
    );
    expectCurrentError(
      await t.call('getGithubRepository', {
        token: a.token,
        params: { ...p, installation_reference: inst.name, repository_reference: 'nope' },
      }),
      404,
      'ResourceNotFound',
    );
    expectCurrentError(
      await t.call('getGithubRepository', {
        token: a.token,
        params: {
          ...p,
          installation_reference: inst.name,
          repository_reference: newId('repository'),
        },
      }),
      404,
      'ResourceNotFound',
    );
    expectInvalid(
      'current',
      await t.call('connectGithubInstallation', {
        token: a.token,
        params: p,
        body: { installation_id: 'x' } as never,
      }),
      'installation_id',
    );
    expectInvalid(
      'current',
      await t.call('connectGithubInstallation', {
        token: a.token,
        params: p,
        body: { extra: 1 } as never,
      }),
      'extra',
    );
    expect(
      (await t.call('listGithubInstallations', { token: a.token, params: p })).body.count,
    ).toBe(1);
  });

  it('hides a project’s installations, repositories and cache entries from other projects and accounts', async () => {
    const a = await newOwner(t);
    const inst = await connectDemo(t, a.token, a.project);
    const b = await newOwner(t);
    const other = await stranger(t);
    const entry = (
      await t.call('listGithubCacheEntries', {
        token: a.token,
        params: {
          project_id: a.project,
          installation_reference: inst.id,
          repository_reference: 'api',
        },
      })
    ).body.items[0]!;
    for (const [token, project_id] of [
      [b.token, b.project],
      [other.token, a.project],
    ] as const) {
      for (const ref of [inst.id, inst.name]) {
        const p = { project_id, installation_reference: ref };
        expectCurrentError(
          await t.call('getGithubInstallation', { token, params: p }),
          404,
          'ResourceNotFound',
        );
        expectCurrentError(
          await t.call('listGithubRepositories', { token, params: p }),
          404,
          'ResourceNotFound',
        );
        expectCurrentError(
          await t.call('listGithubCacheEntries', {
            token,
            params: { ...p, repository_reference: 'api' },
          }),
          404,
          'ResourceNotFound',
        );
        expectCurrentError(
          await t.call('deleteGithubCacheEntry', {
            token,
            params: { ...p, repository_reference: 'api', cache_entry_id: entry.id },
          }),
          404,
          'ResourceNotFound',
        );
      }
    }
    expect(
      (
        await t.call('getGithubCacheEntry', {
          token: a.token,
          params: {
            project_id: a.project,
            installation_reference: inst.id,
            repository_reference: 'api',
            cache_entry_id: entry.id,
          },
        })
      ).status,
    ).toBe(200);
  });

  it('goes with its project', async () => {
    const a = await newOwner(t);
    await connectDemo(t, a.token, a.project);
    expect(
      (await t.call('deleteProject', { token: a.token, params: { project_id: a.project } })).status,
    ).toBe(204);
    expect(
      await t.ctx.db
        .selectFrom('github_installation')
        .select('id')
        .where('project_id', '=', a.project)
        .execute(),
    ).toEqual([]);
  });

  it('has no webhook without a GitHub App', async () => {
    const res = await t.request('POST', GITHUB_WEBHOOK_PATH, {
      rawBody: '{}',
      headers: { 'x-hub-signature-256': webhookSignature('x'.repeat(16), '{}') },
    });
    expect(res.status).toBe(404);
  });
});

describe('the GitHub App provider, against a local fake GitHub', async () => {
  const APP_ID = '4242';
  const SECRET = 'webhook-secret-0123456789';
  const gh = await startFakeGithub({ appId: APP_ID, pageSize: 3 });
  afterAll(() => gh.close());
  const repos = Array.from({ length: 7 }, (_, i) => ({ id: 9000 + i, name: `repo-${i}` }));
  gh.installations.set(555, { id: 555, login: 'Acme-Corp', repositories: repos });
  gh.installations.set(556, {
    id: 556,
    login: 'other-org',
    repositories: [{ id: 9100, name: 'x' }],
  });
  const env = {
    GITHUB_API_URL: gh.url,
    GITHUB_APP_ID: APP_ID,
    GITHUB_APP_PRIVATE_KEY: gh.privateKeyPem,
    GITHUB_WEBHOOK_SECRET: SECRET,
    GITHUB_APP_INSTALL_URL: 'https://github.com/apps/our-app/installations/new',
  };
  const g = await serverForFile(env);

  async function hook(event: string, payload: unknown, secret = SECRET) {
    const body = JSON.stringify(payload);
    return g.request('POST', GITHUB_WEBHOOK_PATH, {
      rawBody: body,
      headers: {
        'content-type': 'application/json',
        'x-github-event': event,
        'x-hub-signature-256': webhookSignature(secret, body),
      },
    });
  }
  const repoNames = async (token: string, project: string) =>
    (
      await g.call('listGithubRepositories', {
        token,
        params: { project_id: project, installation_reference: 'Acme-Corp' },
        query: { page_size: 1000 },
      })
    ).body.items
      .map((r) => r.name)
      .sort();

  it('tells the console the install page', async () => {
    const a = await newOwner(g);
    expect((await g.call('getGithubApp', { token: a.token })).body).toEqual({
      provider: 'github',
      install_url: env.GITHUB_APP_INSTALL_URL,
    });
  });

  it('connects an installation by its GitHub ID with an app JWT and installation token, syncing every page of repositories', async () => {
    const a = await newOwner(g);
    const p = { project_id: a.project };
    expectInvalid(
      'current',
      await g.call('connectGithubInstallation', { token: a.token, params: p }),
      'installation_id',
    );
    expectInvalid(
      'current',
      await g.call('connectGithubInstallation', {
        token: a.token,
        params: p,
        body: { installation_id: 999 },
      }),
      'installation_id',
    );
    const before = gh.requests.length;
    const res = await g.call('connectGithubInstallation', {
      token: a.token,
      params: p,
      body: { installation_id: 555 },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.name).toBe('Acme-Corp');
    const calls = gh.requests.slice(before);
    expect(calls.filter((c) => c.startsWith('GET /installation/repositories')).length).toBe(3);
    expect(calls).toContain('POST /app/installations/555/access_tokens');
    expect(await repoNames(a.token, a.project)).toEqual(repos.map((r) => r.name).sort());
    expect(
      (
        await g.call('getGithubInstallation', {
          token: a.token,
          params: { ...p, installation_reference: 'Acme-Corp' },
        })
      ).body,
    ).toEqual(res.body);
    // Connecting it again syncs: the same installation, the repositories GitHub has now.
    gh.installations.get(555)!.repositories = repos.slice(0, 5);
    const again = await g.call('connectGithubInstallation', {
      token: a.token,
      params: p,
      body: { installation_id: 555 },
    });
    expect(again.body).toEqual(res.body);
    expect(await repoNames(a.token, a.project)).toEqual(repos.slice(0, 5).map((r) => r.name));
    gh.installations.get(555)!.repositories = repos;
    await g.call('connectGithubInstallation', {
      token: a.token,
      params: p,
      body: { installation_id: 555 },
    });
    // One GitHub installation belongs to one project.
    const b = await newOwner(g);
    expectCurrentError(
      await g.call('connectGithubInstallation', {
        token: b.token,
        params: { project_id: b.project },
        body: { installation_id: 555 },
      }),
      409,
      'Conflict',
    );
    expect(
      (
        await g.call('listGithubInstallations', {
          token: b.token,
          params: { project_id: b.project },
        })
      ).body.count,
    ).toBe(0);

    // Webhooks: a bad signature answers 401 and changes nothing.
    const added = {
      action: 'added',
      installation: { id: 555 },
      repositories_added: [{ id: 9050, name: 'new-repo', full_name: 'Acme-Corp/new-repo' }],
      repositories_removed: [{ id: 9000, name: 'repo-0' }],
    };
    const snapshot = await repoNames(a.token, a.project);
    expect((await hook('installation_repositories', added, 'wrong-secret-0123456789')).status).toBe(
      401,
    );
    const unsigned = await g.request('POST', GITHUB_WEBHOOK_PATH, {
      rawBody: JSON.stringify(added),
      headers: { 'x-github-event': 'installation_repositories' },
    });
    expect(unsigned.status).toBe(401);
    expect(await repoNames(a.token, a.project)).toEqual(snapshot);

    expect((await hook('installation_repositories', added)).status).toBe(204);
    expect(await repoNames(a.token, a.project)).toEqual(
      ['new-repo', ...repos.slice(1).map((r) => r.name)].sort(),
    );
    expect(
      (
        await hook('repository', {
          action: 'renamed',
          installation: { id: 555 },
          repository: { id: 9050, name: 'renamed-repo' },
        })
      ).status,
    ).toBe(204);
    expect(await repoNames(a.token, a.project)).toContain('renamed-repo');
    // An installation not connected here changes nothing.
    expect(
      (await hook('installation', { action: 'deleted', installation: { id: 556 } })).status,
    ).toBe(204);
    expect(
      (await hook('installation', { action: 'deleted', installation: { id: 555 } })).status,
    ).toBe(204);
    expect((await g.call('listGithubInstallations', { token: a.token, params: p })).body).toEqual({
      count: 0,
      items: [],
    });
  });

  it('is refused by GitHub when the app’s key is not the app’s: 400, nothing stored', async () => {
    const other = await startFakeGithub({ appId: APP_ID });
    const wrong = await startFakeGithub({ appId: APP_ID });
    other.installations.set(555, gh.installations.get(555)!);
    afterAll(() => Promise.all([other.close(), wrong.close()]));
    const s = await serverForFile({
      ...env,
      GITHUB_API_URL: other.url,
      GITHUB_APP_PRIVATE_KEY: wrong.privateKeyPem,
    });
    const a = await newOwner(s);
    const res = await s.call('connectGithubInstallation', {
      token: a.token,
      params: { project_id: a.project },
      body: { installation_id: 555 },
    });
    expect(expectCurrentError(res, 400, 'InvalidRequest').message).toMatch(/HTTP 401/);
    expect(
      (
        await s.call('listGithubInstallations', {
          token: a.token,
          params: { project_id: a.project },
        })
      ).body.count,
    ).toBe(0);
  });

  it('sends the browser from the app’s setup URL to the project’s code-host page', async () => {
    const project = newId('project');
    const res = await g.request(
      'GET',
      `/github/setup?installation_id=555&setup_action=install&state=${project}`,
    );
    expect([res.status, res.headers.get('location')]).toEqual([
      302,
      `/projects/${project}/code-host?installation_id=555`,
    ]);
    for (const q of [
      '?installation_id=x&state=' + project,
      '?installation_id=555&state=../evil',
      '?installation_id=555',
    ]) {
      const bad = await g.request('GET', `/github/setup${q}`);
      expect([bad.status, bad.headers.get('location')]).toEqual([302, '/projects']);
    }
  });

  it('answers a malformed webhook body with 400', async () => {
    const body = 'not json';
    const res = await g.request('POST', GITHUB_WEBHOOK_PATH, {
      rawBody: body,
      headers: { 'x-github-event': 'ping', 'x-hub-signature-256': webhookSignature(SECRET, body) },
    });
    expect(res.status).toBe(400);
  });
});
