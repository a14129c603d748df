import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectListSchema, projectSchema } from '#shared/api/project';
import { newId } from '#shared/ids';
import { expectCurrentError } from '../../../test/fixtures.ts';
import { expectSchema, startServer, type TestServer } from '../../../test/harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

describe('projects', () => {
  it('creates, gets, lists and deletes a project', async () => {
    const a = await t.newAccount();
    const created = await t.request('POST', '/api/project', {
      token: a.token,
      body: { name: 'Web-Shop' },
    });
    expect(created.status).toBe(200);
    const project = expectSchema(projectSchema, created.body);
    expect(project).toMatchObject({ name: 'Web-Shop', credit: 0, discount: 0 });
    expect(project.id).toMatch(/^pj[0-9a-hjkmnp-tv-z]{24}$/);

    const got = await t.request('GET', `/api/project/${project.id}`, { token: a.token });
    expect(got.status).toBe(200);
    expect(expectSchema(projectSchema, got.body)).toEqual(project);

    const list = expectSchema(
      projectListSchema,
      (await t.request('GET', '/api/project', { token: a.token })).body,
    );
    expect(list).toEqual({ count: 1, items: [project] });

    const del = await t.request('DELETE', `/api/project/${project.id}`, { token: a.token });
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expectCurrentError(
      await t.request('GET', `/api/project/${project.id}`, { token: a.token }),
      404,
      'ResourceNotFound',
    );
    expectCurrentError(
      await t.request('DELETE', `/api/project/${project.id}`, { token: a.token }),
      404,
      'ResourceNotFound',
    );
    expect((await t.request('GET', '/api/project', { token: a.token })).body).toEqual({
      count: 0,
      items: [],
    });
  });

  it('allows the same name twice (project names are not unique)', async () => {
    const a = await t.newAccount();
    for (let i = 0; i < 2; i++)
      expect(
        (await t.request('POST', '/api/project', { token: a.token, body: { name: 'same' } }))
          .status,
      ).toBe(200);
    expect((await t.request('GET', '/api/project', { token: a.token })).body.count).toBe(2);
  });

  it.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: '-leading' }, 'name'],
    [{ name: 'has space' }, 'name'],
    [{ name: 'x'.repeat(64) }, 'name'],
    [{ name: 42 }, 'name'],
    [{ name: 'ok', extra: 1 }, 'extra'],
  ])('refuses body %j with details naming %s and creates nothing', async (body, field) => {
    const a = await t.newAccount();
    const e = expectCurrentError(
      await t.request('POST', '/api/project', { token: a.token, body }),
      400,
      'InvalidRequest',
    );
    expect(Object.keys(e.details!)).toEqual([field]);
    expect(e.message).toContain(field);
    expect((await t.request('GET', '/api/project', { token: a.token })).body.count).toBe(0);
  });

  it('answers a malformed project id with the 404 of a project that does not exist (decision 041)', async () => {
    const a = await t.newAccount();
    const malformed = await t.request('GET', '/api/project/not-an-id', { token: a.token });
    expectCurrentError(malformed, 404, 'ResourceNotFound');
    expect(malformed.text).toBe(
      (await t.request('GET', `/api/project/${newId('project')}`, { token: a.token })).text,
    );
  });

  it('refuses a create beyond the project quota with a message and creates nothing', async () => {
    const q = await startServer({ PROJECT_QUOTA: '2' });
    try {
      const a = await q.newAccount();
      for (let i = 0; i < 2; i++)
        expect(
          (await q.request('POST', '/api/project', { token: a.token, body: { name: `p${i}` } }))
            .status,
        ).toBe(200);
      const e = expectCurrentError(
        await q.request('POST', '/api/project', { token: a.token, body: { name: 'p3' } }),
        400,
        'InvalidRequest',
      );
      expect(e.message).toMatch(/limit of 2 projects/);
      expect(e.details).toEqual({ projects: e.message });
      expect((await q.request('GET', '/api/project', { token: a.token })).body.count).toBe(2);

      // Creates fired at once never overshoot the quota.
      const b = await q.newAccount();
      const replies = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          q.request('POST', '/api/project', { token: b.token, body: { name: `p${i}` } }),
        ),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 400, 400, 400, 400]);
      for (const r of replies.filter((x) => x.status === 400))
        expect(expectCurrentError(r, 400, 'InvalidRequest').message).toMatch(/limit of 2 projects/);
      expect((await q.request('GET', '/api/project', { token: b.token })).body.count).toBe(2);
    } finally {
      await q.close();
    }
  });
});

describe('only members see a project', () => {
  it('answers another account exactly as for a project that does not exist, for every route', async () => {
    const owner = await t.newAccount();
    const stranger = await t.newAccount();
    const { id } = (
      await t.request('POST', '/api/project', { token: owner.token, body: { name: 'secret' } })
    ).body;
    const missing = newId('project');
    for (const method of ['GET', 'DELETE']) {
      const foreign = await t.request(method, `/api/project/${id}`, { token: stranger.token });
      const absent = await t.request(method, `/api/project/${missing}`, { token: stranger.token });
      expectCurrentError(foreign, 404, 'ResourceNotFound');
      expect(foreign.text).toBe(absent.text);
    }
    expect((await t.request('GET', '/api/project', { token: stranger.token })).body).toEqual({
      count: 0,
      items: [],
    });
    expect((await t.request('GET', `/api/project/${id}`, { token: owner.token })).status).toBe(200);
  });

  it('asks for authentication before anything else', async () => {
    expectCurrentError(
      await t.request('GET', `/api/project/${newId('project')}`),
      401,
      'NotAuthenticated',
    );
    expectCurrentError(
      await t.request('POST', '/api/project', { body: { name: 'x' } }),
      401,
      'NotAuthenticated',
    );
  });
});

describe('pagination of GET /project', () => {
  let token: string;
  let all: { id: string; name: string }[];
  beforeAll(async () => {
    const a = await t.newAccount();
    token = a.token;
    const names = [
      'delta',
      'alpha',
      'echo',
      'charlie',
      'bravo',
      'alpha',
      'foxtrot',
      'golf',
      'hotel',
      'india',
      'juliet',
      'kilo',
    ];
    all = [];
    for (const name of names)
      all.push((await t.request('POST', '/api/project', { token, body: { name } })).body);
  });
  const get = async (q: string) => t.request('GET', `/api/project${q}`, { token });

  it('pages by id with page_size and start_after; count ignores the cursor', async () => {
    const first = expectSchema(projectListSchema, (await get('?page_size=5')).body);
    expect(first.count).toBe(12);
    expect(first.items.map((p) => p.id)).toEqual(all.slice(0, 5).map((p) => p.id));
    const next = expectSchema(
      projectListSchema,
      (await get(`?page_size=5&start_after=${first.items[4]!.id}`)).body,
    );
    expect(next.count).toBe(12);
    expect(next.items.map((p) => p.id)).toEqual(all.slice(5, 10).map((p) => p.id));
    const last = (await get(`?page_size=5&start_after=${next.items[4]!.id}`)).body;
    expect(last.items).toHaveLength(2);
  });

  it('defaults to 10 items ordered by id', async () => {
    const page = (await get('')).body;
    expect(page.items.map((p: { id: string }) => p.id)).toEqual(all.slice(0, 10).map((p) => p.id));
  });

  it('orders by name (ties broken by id) with start_after as a name', async () => {
    const byName = [...all].sort((a, b) =>
      a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1,
    );
    const page = (await get('?order_column=name&page_size=100')).body;
    expect(page.items.map((p: { id: string }) => p.id)).toEqual(byName.map((p) => p.id));
    const after = (await get('?order_column=name&start_after=charlie&page_size=3')).body;
    expect(after.items.map((p: { name: string }) => p.name)).toEqual(['delta', 'echo', 'foxtrot']);
    expect(after.count).toBe(12);
  });

  it.each([
    ['?page_size=0', 'page_size'],
    ['?page_size=-3', 'page_size'],
    ['?page_size=abc', 'page_size'],
    ['?page_size=2.5', 'page_size'],
    ['?order_column=created_at', 'order_column'],
    ['?start_after=not-an-id', 'start_after'],
    ['?start_after=', 'start_after'],
  ])('refuses %s with details.%s', async (q, field) => {
    const e = expectCurrentError(await get(q), 400, 'InvalidRequest');
    expect(Object.keys(e.details!)).toEqual([field]);
    if (field === 'order_column')
      expect(e.details!.order_column).toBe('Supported ordering columns: id, name');
  });

  it('clamps page_size above 1000 to 1000', async () => {
    const a = await t.newAccount();
    // 1,001 projects seeded in one transaction (the API would take long); the request is real.
    const now = new Date().toISOString();
    await t.ctx.db.transaction().execute(async (tx) => {
      for (let i = 0; i < 1001; i++) {
        const id = newId('project');
        await tx
          .insertInto('project')
          .values({ id, name: `p${i}`, credit: 0, discount: 0, created_at: now })
          .execute();
        await tx
          .insertInto('project_member')
          .values({ project_id: id, account_id: a.id, role: 'admin', created_at: now })
          .execute();
      }
    });
    const page = expectSchema(
      projectListSchema,
      (await t.request('GET', '/api/project?page_size=100000', { token: a.token })).body,
    );
    expect(page.count).toBe(1001);
    expect(page.items).toHaveLength(1000);
  });
});
