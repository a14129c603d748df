// Webhooks (behaviour.md §12, decisions 215-218) over HTTP on a real database, delivering to a
// local receiver: registration and its checks, signed deliveries of the project's events, retries
// after 500s, the attempts listed, the test event, rotation, disabling, private targets refused
// (by the URL and by the address a name resolves to), roles, quota and the project's deletion.
import dns from 'node:dns/promises';
import net from 'node:net';
import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import {
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookSchema,
  webhookWithSecretSchema,
  type RegisterWebhookBody,
  type WebhookDelivery,
} from '#shared/api/webhook';
import { newId } from '#shared/ids';
import { expectSchema, serverForFile, type TestServer } from '../../../test/harness.ts';
import {
  expectCurrentError,
  expectInvalid,
  newOwner,
  pollUntil,
  stranger,
} from '../../../test/fixtures.ts';
import { closeReceivers, signedWith, startReceiver } from '../../../test/webhook-receiver.ts';
import { nonPublicAddress } from '../../net/public-target.ts';

// `t` refuses private targets (the default); `dev` sends to the test's receiver on 127.0.0.1 over
// plain http (WEBHOOK_ALLOW_PRIVATE=1) and retries within milliseconds.
const t = await serverForFile();
const dev = await serverForFile({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_FIRST_RETRY_MS: '20' });
afterAll(closeReceivers);

const at = (project_id: string) => ({ project_id });
const ref = (project_id: string, webhook_reference: string) => ({ project_id, webhook_reference });

async function register(s: TestServer, token: string, project: string, body: RegisterWebhookBody) {
  const res = await s.call('registerWebhook', { token, params: at(project), body });
  expect(res.status, res.text).toBe(200);
  return expectSchema(webhookWithSecretSchema, res.body);
}

let objects = 0;
/** An event of the project, written to the event table as the state changes' triggers write them. */
async function emit(s: TestServer, project: string, type: string, state: string | null = null) {
  const kind = type.split('.')[0]!;
  await s.ctx.db
    .insertInto('event')
    .values({
      project_id: project,
      type,
      object_id: `vm${String(++objects).padStart(24, '0')}`,
      object_kind: kind,
      object_name: `thing-${objects}`,
      location: 'eu-central-h1',
      state,
      at: new Date().toISOString(),
    } as never)
    .execute();
  const row = await s.ctx.db
    .selectFrom('event')
    .select('seq')
    .where('project_id', '=', project)
    .orderBy('seq', 'desc')
    .executeTakeFirstOrThrow();
  return String(row.seq);
}

async function deliveries(
  s: TestServer,
  token: string,
  project: string,
  hook: string,
): Promise<WebhookDelivery[]> {
  const res = await s.call('listWebhookDeliveries', { token, params: ref(project, hook) });
  expect(res.status, res.text).toBe(200);
  return expectSchema(webhookDeliveryListSchema, res.body).items;
}

async function settled(
  s: TestServer,
  token: string,
  project: string,
  hook: string,
  id: string,
  state: 'delivered' | 'failed',
  tries = 500,
) {
  const res = await pollUntil(
    () =>
      s.call('getWebhookDelivery', { token, params: { ...ref(project, hook), delivery_id: id } }),
    (r) => r.status === 200 && r.body.state === state,
    `delivery ${id} to be ${state}`,
    tries,
  );
  return expectSchema(webhookDeliverySchema, res.body);
}

describe('webhook endpoints', () => {
  it('registers a webhook (its secret answered once), reads it by ID and name, lists, changes and deletes it', async () => {
    const a = await newOwner(t);
    const hook = await register(t, a.token, a.project, {
      name: 'ci',
      url: 'https://hooks.example.com/cloud',
      event_types: ['vm.*', 'privateSubnet.created', 'vm.*'],
    });
    expect(hook).toEqual({
      id: expect.stringMatching(/^wh[0-9a-hjkmnp-tv-z]{24}$/),
      name: 'ci',
      url: 'https://hooks.example.com/cloud',
      event_types: ['vm.*', 'privateSubnet.created'],
      enabled: true,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      secret_hint: `whsec_…${hook.secret.slice(-4)}`,
      previous_secret_expires_at: null,
      created_at: expect.any(String),
    });
    const { secret: _secret, ...view } = hook;
    for (const r of [hook.id, 'ci'])
      expect(
        (await t.call('getWebhook', { token: a.token, params: ref(a.project, r) })).body,
      ).toEqual(view);
    // The secret is in no other answer, and not in the database in clear.
    const list = await t.call('listWebhooks', { token: a.token, params: at(a.project) });
    expect(list.body).toEqual({ count: 1, items: [view] });
    expect(list.text).not.toContain(hook.secret);
    const row = await t.ctx.db
      .selectFrom('webhook_endpoint')
      .selectAll()
      .where('id', '=', hook.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(hook.secret.slice(6));

    const changed = await t.call('updateWebhook', {
      token: a.token,
      params: ref(a.project, 'ci'),
      body: { name: 'deploys', event_types: ['*'], enabled: false },
    });
    expect(changed.body).toEqual({ ...view, name: 'deploys', event_types: ['*'], enabled: false });
    expectSchema(webhookSchema, changed.body);
    for (let i = 0; i < 2; i++) {
      const gone = await t.call('deleteWebhook', {
        token: a.token,
        params: ref(a.project, 'deploys'),
      });
      expect([gone.status, gone.text]).toEqual([204, '']);
    }
    expectCurrentError(
      await t.call('getWebhook', { token: a.token, params: ref(a.project, hook.id) }),
      404,
      'ResourceNotFound',
    );
  });

  it('refuses http://, private and loopback targets, bad event types and taken names with 400 naming the field; changes nothing', async () => {
    const a = await newOwner(t);
    await register(t, a.token, a.project, {
      name: 'ok',
      url: 'https://hooks.example.com/a',
      event_types: ['*'],
    });
    const refused = [
      'http://hooks.example.com/a',
      'https://127.0.0.1/a',
      'https://127.1/a',
      'https://0x7f000001/a',
      'https://10.1.2.3/a',
      'https://172.20.0.1/a',
      'https://192.168.1.1/a',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/a',
      'https://0.0.0.0/a',
      'https://[::1]/a',
      'https://[::ffff:127.0.0.1]/a',
      'https://[fd00::1]/a',
      'https://[fe80::1]/a',
      'https://localhost/a',
      'https://LOCALHOST./a',
      'https://api.localhost/a',
    ];
    for (const url of refused) {
      const e = expectInvalid(
        'current',
        await t.call('registerWebhook', {
          token: a.token,
          params: at(a.project),
          body: { name: 'bad', url, event_types: ['*'] },
        }),
        'url',
      );
      expect(e.details!.url, url).toMatch(
        /^The URL must start with https:\/\/|^The URL points to an? [^:]+: the server sends to public addresses only\.$/,
      );
    }
    for (const url of [
      'ftp://hooks.example.com/',
      'not a url',
      'https://user:pw@hooks.example.com/',
      'https://hooks.example.com/#x',
      '',
    ]) {
      expectInvalid(
        'current',
        await t.call('registerWebhook', {
          token: a.token,
          params: at(a.project),
          body: { name: 'bad', url, event_types: ['*'] },
        }),
        'url',
      );
    }
    for (const event_types of [
      [],
      ['vm.exploded'],
      ['nope'],
      ['job.created'],
      ['vm'],
      ['*.created'],
      'vm.created',
    ]) {
      const e = expectCurrentError(
        await t.call('registerWebhook', {
          token: a.token,
          params: at(a.project),
          invalidBody: { name: 'bad', url: 'https://hooks.example.com/', event_types },
        }),
        400,
        'InvalidRequest',
      );
      expect(Object.keys(e.details!)[0]).toMatch(/^event_types/);
    }
    expectInvalid(
      'current',
      await t.call('registerWebhook', {
        token: a.token,
        params: at(a.project),
        body: { name: 'ok', url: 'https://hooks.example.com/b', event_types: ['*'] },
      }),
      'name',
    );
    expectInvalid(
      'current',
      await t.call('registerWebhook', {
        token: a.token,
        params: at(a.project),
        invalidBody: {
          name: 'x',
          url: 'https://hooks.example.com/b',
          event_types: ['*'],
          secret: 's',
        },
      }),
      'secret',
    );
    expectInvalid(
      'current',
      await t.call('updateWebhook', {
        token: a.token,
        params: ref(a.project, 'ok'),
        body: { url: 'https://192.168.0.10/' },
      }),
      'url',
    );
    const empty = expectCurrentError(
      await t.call('updateWebhook', { token: a.token, params: ref(a.project, 'ok'), body: {} }),
      400,
      'InvalidRequest',
    );
    expect(empty.message).toMatch(/at least one of/);
    const list = await t.call('listWebhooks', { token: a.token, params: at(a.project) });
    expect(list.body.items.map((w: { name: string; url: string }) => [w.name, w.url])).toEqual([
      ['ok', 'https://hooks.example.com/a'],
    ]);
  });

  it('is for admins: members and viewers get 403, anyone else the 404 of a missing project', async () => {
    const a = await newOwner(t);
    const hook = await register(t, a.token, a.project, {
      name: 'ci',
      url: 'https://hooks.example.com/a',
      event_types: ['*'],
    });
    for (const role of ['member', 'viewer'] as const) {
      const who = await t.newAccount();
      expect(
        (
          await t.call('inviteProjectMember', {
            token: a.token,
            params: at(a.project),
            body: { email: who.email, role },
          })
        ).status,
      ).toBe(200);
      expectCurrentError(
        await t.call('listWebhooks', { token: who.token, params: at(a.project) }),
        403,
        'Unauthorized',
      );
      expectCurrentError(
        await t.call('getWebhook', { token: who.token, params: ref(a.project, 'ci') }),
        403,
        'Unauthorized',
      );
      expectCurrentError(
        await t.call('registerWebhook', {
          token: who.token,
          params: at(a.project),
          body: { name: 'mine', url: 'https://hooks.example.com/m', event_types: ['*'] },
        }),
        403,
        'Unauthorized',
      );
      expectCurrentError(
        await t.call('rotateWebhookSecret', { token: who.token, params: ref(a.project, 'ci') }),
        403,
        'Unauthorized',
      );
      expectCurrentError(
        await t.call('deleteWebhook', { token: who.token, params: ref(a.project, 'ci') }),
        403,
        'Unauthorized',
      );
    }
    const other = await stranger(t);
    const missing = await t.call('listWebhooks', {
      token: other.token,
      params: at(newId('project')),
    });
    for (const res of [
      await t.call('listWebhooks', { token: other.token, params: at(a.project) }),
      await t.call('getWebhook', { token: other.token, params: ref(a.project, hook.id) }),
      await t.call('testWebhook', { token: other.token, params: ref(a.project, hook.id) }),
    ]) {
      expect([res.status, res.text]).toEqual([404, missing.text]);
    }
    expect(
      (await t.call('listWebhooks', { token: a.token, params: at(a.project) })).body.items.map(
        (w: { name: string }) => w.name,
      ),
    ).toEqual(['ci']);
  });

  it('keeps at most WEBHOOK_QUOTA webhooks per project (400 naming the limit); they go with their project', async () => {
    const small = await serverForFile({ WEBHOOK_QUOTA: '1' });
    const a = await newOwner(small);
    await register(small, a.token, a.project, {
      name: 'one',
      url: 'https://hooks.example.com/1',
      event_types: ['*'],
    });
    const e = expectInvalid(
      'current',
      await small.call('registerWebhook', {
        token: a.token,
        params: at(a.project),
        body: { name: 'two', url: 'https://hooks.example.com/2', event_types: ['*'] },
      }),
      'webhooks',
    );
    expect(e.message).toBe('This project already has 1 webhooks, the most it may hold.');
    expect(
      (await small.call('deleteProject', { token: a.token, params: at(a.project) })).status,
    ).toBe(204);
    expect(
      await small.ctx.db
        .selectFrom('webhook_endpoint')
        .select('id')
        .where('project_id', '=', a.project)
        .execute(),
    ).toEqual([]);
  });
});

describe('deliveries', () => {
  it("POSTs each matching event of the project, signed with the webhook's secret, once; other types and other projects are not sent", async () => {
    const receiver = await startReceiver();
    const a = await newOwner(dev);
    const other = await newOwner(dev);
    const hook = await register(dev, a.token, a.project, {
      name: 'vms',
      url: receiver.url,
      event_types: ['vm.*', 'privateSubnet.deleted'],
    });
    await emit(dev, a.project, 'privateSubnet.created', 'available');
    await emit(dev, other.project, 'vm.created', 'creating');
    const created = await emit(dev, a.project, 'vm.created', 'creating');
    const running = await emit(dev, a.project, 'vm.state_changed', 'running');
    // Deliveries are not promised in order (decision 215): a receiver orders them by event ID.
    const [first, second] = (
      await receiver.waitFor(2, (r) => r.event.project_id === a.project)
    ).sort((x, y) => Number(x.event.id) - Number(y.event.id));
    expect(first!.event).toEqual({
      id: created,
      type: 'vm.created',
      object: {
        id: expect.stringMatching(/^vm/),
        kind: 'vm',
        name: expect.stringMatching(/^thing-/),
        location: 'eu-central-h1',
      },
      state: 'creating',
      at: expect.any(String),
      project_id: a.project,
    });
    expect([first!.event.type, second!.event.type, second!.event.id, second!.event.state]).toEqual([
      'vm.created',
      'vm.state_changed',
      running,
      'running',
    ]);
    for (const r of [first!, second!]) {
      expect(r.contentType).toBe('application/json');
      expect(r.id).toMatch(/^wd[0-9a-hjkmnp-tv-z]{24}$/);
      expect(Math.abs(Number(r.timestamp) - Date.now() / 1000)).toBeLessThan(300);
      expect(signedWith(hook.secret, r)).toBe(true);
      expect(signedWith(hook.secret, { ...r, body: r.body.replace('"vm', '"xx') })).toBe(false);
    }
    const listed = await deliveries(dev, a.token, a.project, 'vms');
    expect(listed.map((d) => [d.event_type, d.event.id])).toEqual([
      ['vm.state_changed', running],
      ['vm.created', created],
    ]);
    const delivered = await settled(dev, a.token, a.project, 'vms', first!.id, 'delivered');
    expect(delivered.attempts).toEqual([
      { at: expect.any(String), status: 204, error: null, response_ms: expect.any(Number) },
    ]);
    expect(receiver.received.filter((r) => r.event.project_id !== a.project)).toEqual([]);
  });

  it('retries after 500s with the same Webhook-Id until a 2xx, and lists every attempt with its status and response time', async () => {
    const receiver = await startReceiver((_r, nth) => (nth <= 2 ? 500 : 200));
    const a = await newOwner(dev);
    const hook = await register(dev, a.token, a.project, {
      name: 'flaky',
      url: receiver.url,
      event_types: ['*'],
    });
    await emit(dev, a.project, 'vm.created', 'creating');
    const got = await receiver.waitFor(3);
    expect(new Set(got.map((r) => r.id)).size).toBe(1);
    expect(new Set(got.map((r) => r.body)).size).toBe(1);
    for (const r of got) expect(signedWith(hook.secret, r)).toBe(true);
    const d = await settled(dev, a.token, a.project, 'flaky', got[0]!.id, 'delivered');
    expect(d.attempts.map((x) => [x.status, x.error])).toEqual([
      [500, 'HTTP 500 Internal Server Error'],
      [500, 'HTTP 500 Internal Server Error'],
      [200, null],
    ]);
    for (const x of d.attempts) expect(x.response_ms).toBeGreaterThanOrEqual(0);
    expect([...d.attempts].map((x) => x.at).sort()).toEqual(d.attempts.map((x) => x.at));
    expect(d.next_attempt_at).toBeNull();
    const pending = await dev.call('listWebhookDeliveries', {
      token: a.token,
      params: ref(a.project, 'flaky'),
      query: { state: 'pending' },
    });
    expect(pending.body.items).toEqual([]);
  });

  it('gives up once the retry window after the first attempt is over: the delivery is failed', async () => {
    const short = await serverForFile({
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_FIRST_RETRY_MS: '20',
      WEBHOOK_RETRY_FOR_MS: '300',
    });
    const receiver = await startReceiver(() => 503);
    const a = await newOwner(short);
    await register(short, a.token, a.project, {
      name: 'down',
      url: receiver.url,
      event_types: ['*'],
    });
    await emit(short, a.project, 'vm.deleted');
    const [r] = await receiver.waitFor(1);
    const d = await settled(short, a.token, a.project, 'down', r!.id, 'failed');
    expect(d.attempts.length).toBeGreaterThanOrEqual(1);
    expect(d.attempts.every((x) => x.status === 503)).toBe(true);
    expect(d.next_attempt_at).toBeNull();
  });

  it('records a network error as an attempt without a status', async () => {
    const receiver = await startReceiver();
    await receiver.close();
    const a = await newOwner(dev);
    await register(dev, a.token, a.project, {
      name: 'gone',
      url: receiver.url,
      event_types: ['*'],
    });
    const test = await dev.call('testWebhook', { token: a.token, params: ref(a.project, 'gone') });
    const d = await pollUntil(
      () =>
        dev.call('getWebhookDelivery', {
          token: a.token,
          params: { ...ref(a.project, 'gone'), delivery_id: test.body.id },
        }),
      (r) => r.status === 200 && r.body.attempts.length > 0,
      'an attempt',
    );
    expect(d.body.attempts[0]).toEqual({
      at: expect.any(String),
      status: null,
      error: 'The connection was refused.',
      response_ms: expect.any(Number),
    });
    expect(d.body.state).toBe('pending');
  });

  it('sends a test event on demand, whatever the event types', async () => {
    const receiver = await startReceiver();
    const a = await newOwner(dev);
    const hook = await register(dev, a.token, a.project, {
      name: 'test-me',
      url: receiver.url,
      event_types: ['postgres.deleted'],
    });
    const res = await dev.call('testWebhook', {
      token: a.token,
      params: ref(a.project, 'test-me'),
    });
    expect(res.status, res.text).toBe(200);
    const queued = expectSchema(webhookDeliverySchema, res.body);
    expect(queued).toMatchObject({
      webhook_id: hook.id,
      event_type: 'webhook.test',
      state: 'pending',
      attempts: [],
    });
    const [r] = await receiver.waitFor(1);
    expect(r!.id).toBe(queued.id);
    expect(r!.event).toEqual({
      id: queued.id,
      type: 'webhook.test',
      object: { id: hook.id, kind: 'webhookEndpoint', name: 'test-me', location: null },
      state: null,
      at: expect.any(String),
      project_id: a.project,
    });
    expect(signedWith(hook.secret, r!)).toBe(true);
    await settled(dev, a.token, a.project, hook.id, queued.id, 'delivered');
  });

  it('rotates the secret: signed with both for a day, or with the new one only', async () => {
    const receiver = await startReceiver();
    const a = await newOwner(dev);
    const hook = await register(dev, a.token, a.project, {
      name: 'rotating',
      url: receiver.url,
      event_types: ['*'],
    });
    const rotated = await dev.call('rotateWebhookSecret', {
      token: a.token,
      params: ref(a.project, 'rotating'),
    });
    expect(rotated.status, rotated.text).toBe(200);
    const next = expectSchema(webhookWithSecretSchema, rotated.body);
    expect(next.secret).not.toBe(hook.secret);
    expect(next.secret_hint).toBe(`whsec_…${next.secret.slice(-4)}`);
    const day = Date.parse(next.previous_secret_expires_at!) - Date.now();
    expect(day).toBeGreaterThan(23 * 3600_000);
    expect(day).toBeLessThanOrEqual(24 * 3600_000);
    await dev.call('testWebhook', { token: a.token, params: ref(a.project, 'rotating') });
    const [both] = await receiver.waitFor(1);
    expect(both!.signature.split(' ')).toHaveLength(2);
    expect([signedWith(next.secret, both!), signedWith(hook.secret, both!)]).toEqual([true, true]);

    const now = await dev.call('rotateWebhookSecret', {
      token: a.token,
      params: ref(a.project, 'rotating'),
      body: { keep_previous: false },
    });
    expect(now.body.previous_secret_expires_at).toBeNull();
    await dev.call('testWebhook', { token: a.token, params: ref(a.project, 'rotating') });
    const [, only] = await receiver.waitFor(2);
    expect(only!.signature.split(' ')).toHaveLength(1);
    expect([
      signedWith(now.body.secret, only!),
      signedWith(next.secret, only!),
      signedWith(hook.secret, only!),
    ]).toEqual([true, false, false]);
  });

  it('sends nothing while disabled, and after re-enabling only what happens from then on', async () => {
    const receiver = await startReceiver();
    const a = await newOwner(dev);
    await register(dev, a.token, a.project, {
      name: 'paused',
      url: receiver.url,
      event_types: ['*'],
      enabled: false,
    });
    await emit(dev, a.project, 'vm.created');
    expect(
      (
        await dev.call('updateWebhook', {
          token: a.token,
          params: ref(a.project, 'paused'),
          body: { enabled: true },
        })
      ).body.enabled,
    ).toBe(true);
    const after = await emit(dev, a.project, 'vm.renamed');
    const [r] = await receiver.waitFor(1);
    expect(r!.event.id).toBe(after);
    expect((await deliveries(dev, a.token, a.project, 'paused')).map((d) => d.event.id)).toEqual([
      after,
    ]);
  });

  it('pages the deliveries newest first, and answers a missing or malformed delivery with 404 or 400', async () => {
    const receiver = await startReceiver();
    const a = await newOwner(dev);
    await register(dev, a.token, a.project, {
      name: 'paged',
      url: receiver.url,
      event_types: ['*'],
    });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (await dev.call('testWebhook', { token: a.token, params: ref(a.project, 'paged') })).body
          .id,
      );
    const first = await dev.call('listWebhookDeliveries', {
      token: a.token,
      params: ref(a.project, 'paged'),
      query: { limit: 2 },
    });
    expect(first.body.items.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.pagination_key).toBe(ids[1]);
    const rest = await dev.call('listWebhookDeliveries', {
      token: a.token,
      params: ref(a.project, 'paged'),
      query: { limit: 2, pagination_key: first.body.pagination_key! },
    });
    expect(rest.body).toEqual({ items: [expect.objectContaining({ id: ids[0] })] });
    expectCurrentError(
      await dev.call('getWebhookDelivery', {
        token: a.token,
        params: { ...ref(a.project, 'paged'), delivery_id: newId('webhookDelivery') },
      }),
      404,
      'ResourceNotFound',
    );
    expectInvalid(
      'current',
      await dev.call('listWebhookDeliveries', {
        token: a.token,
        params: ref(a.project, 'paged'),
        query: { state: 'lost' },
      }),
      'state',
    );
    expectInvalid(
      'current',
      await dev.call('listWebhookDeliveries', {
        token: a.token,
        params: ref(a.project, 'paged'),
        query: { pagination_key: 'x' },
      }),
      'pagination_key',
    );
  });
});

describe('private targets without WEBHOOK_ALLOW_PRIVATE', () => {
  it('refuses, at delivery, a host name that resolves to a loopback or private address, and never connects', async () => {
    // This machine's own name resolves to one of its own (non-public) addresses; the URL's text looks public.
    const host = os.hostname();
    const addresses = await dns.lookup(host, { all: true });
    expect(
      addresses.every((x) => nonPublicAddress(x.address)),
      `${host} resolves to ${addresses.map((x) => x.address).join(', ')}`,
    ).toBe(true);
    let connections = 0;
    const listener = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, resolve));
    const port = (listener.address() as net.AddressInfo).port;
    try {
      const a = await newOwner(t);
      await register(t, a.token, a.project, {
        name: 'rebind',
        url: `https://${host}:${port}/hook`,
        event_types: ['*'],
      });
      await emit(t, a.project, 'vm.created');
      const res = await pollUntil(
        () => t.call('listWebhookDeliveries', { token: a.token, params: ref(a.project, 'rebind') }),
        (r) => r.status === 200 && r.body.items[0]?.attempts.length > 0,
        'the first attempt',
      );
      const [attempt] = res.body.items[0].attempts;
      expect(attempt.status).toBeNull();
      expect(attempt.error).toMatch(
        new RegExp(`^Refused: ${host} resolves to \\S+, a (loopback|private|link-local)`),
      );
      expect(connections).toBe(0);
    } finally {
      listener.close();
    }
  });

  it('classifies addresses: public ones pass, private, loopback, link-local and their IPv6 forms do not', () => {
    for (const ok of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '203.0.113.7'])
      expect(nonPublicAddress(ok), ok).toBeUndefined();
    for (const bad of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.100.100.200',
      '::1',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      'fd12::1',
      'fe80::1%eth0',
      '0.0.0.0',
      '::',
    ])
      expect(nonPublicAddress(bad), bad).toBeDefined();
  });
});
