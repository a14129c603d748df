// The event stream (behaviour.md §12, decisions 210-213) over HTTP on the engine under test:
// what each change writes, replay after a disconnect, who may read, heartbeats, slow clients,
// rolled-back changes, and a server's shutdown with streams open.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { newId } from '#shared/ids';
import {
  createSubnet,
  createVm,
  expectCurrentError,
  inLoc,
  LOC,
  newOwner,
  stranger,
  waitForGone,
  waitForVmState,
  vmPath,
} from '../../test/fixtures.ts';
import { serverForFile, type TestServer } from '../../test/harness.ts';
import { adminClient, serverProcesses } from '../../test/process.ts';
import { openEvents, type EventStream, type Received } from '../../test/sse.ts';

const t = await serverForFile();

const types = (events: Received[]) => events.map((e) => e.event);
const hasType = (type: string, objectId?: string) => (events: Received[]) =>
  events.some((e) => e.event === type && (objectId === undefined || e.data.object.id === objectId));

/** The project's events as the table holds them, oldest first. */
async function tableEvents(server: TestServer, project: string, after = 0) {
  return server.ctx.db
    .selectFrom('event')
    .selectAll()
    .where('project_id', '=', project)
    .where('seq', '>', after)
    .orderBy('seq')
    .execute();
}

/** Opens the project's stream and waits until the server has subscribed it (the `retry` line came). */
async function open(
  server: TestServer,
  project: string,
  opts: Parameters<typeof openEvents>[2],
): Promise<EventStream> {
  const s = await openEvents(server.base, project, opts);
  expect(s.status, s.text).toBe(200);
  return s;
}

describe('what a change writes', () => {
  it("a VM's life: created, every transition of the worker, renamed, deleted; each event as the table holds it", async () => {
    const owner = await newOwner(t);
    const s = await open(t, owner.project, { token: owner.token });
    const subnet = await createSubnet(t, owner.token, owner.project, 'net');
    const vm = await createVm(t, owner.token, owner.project, 'web', {
      private_subnet_id: subnet.id,
    });
    await s.waitFor(hasType('vm.state_changed', vm.id));
    await waitForVmState(t, owner.token, owner.project, 'web', 'running');
    const ref = { project_id: owner.project, location: LOC, vm_reference: 'web' };
    expect(
      (await t.call('renameVm', { token: owner.token, params: ref, body: { name: 'www' } })).status,
    ).toBe(200);
    const www = { ...ref, vm_reference: 'www' };
    expect((await t.call('stopVm', { token: owner.token, params: www })).status).toBe(200);
    await waitForVmState(t, owner.token, owner.project, 'www', 'stopped');
    expect(
      (
        await t.call('deleteVm', {
          token: owner.token,
          params: { ...inLoc(owner.project), vm_name: 'www' },
        })
      ).status,
    ).toBe(204);
    await waitForGone(t, owner.token, vmPath(owner.project, 'www'));
    await s.waitFor(hasType('vm.deleted', vm.id), 'vm.deleted');

    const ofVm = s.events.filter((e) => e.data.object.id === vm.id);
    expect(ofVm.map((e) => `${e.event} ${e.data.object.name} ${e.data.state}`)).toEqual([
      'vm.created web creating',
      'vm.state_changed web running',
      'vm.renamed www running',
      'vm.state_changed www stopping',
      'vm.state_changed www stopped',
      'vm.state_changed www deleting',
      'vm.deleted www deleting',
    ]);
    expect(s.events.find((e) => e.data.object.id === subnet.id)?.event).toBe(
      'privateSubnet.created',
    );
    for (const e of ofVm)
      expect(e.data.object).toEqual({
        id: vm.id,
        kind: 'vm',
        name: e.data.object.name,
        location: LOC,
      });
    // The stream says exactly what the table holds, in its order; the SSE id is the event's id.
    const rows = await tableEvents(t, owner.project, Number(s.events[0]!.id) - 1);
    expect(s.events.map((e) => e.id)).toEqual(rows.map((r) => String(r.seq)));
    expect(s.events.every((e) => e.id === e.data.id && e.event === e.data.type)).toBe(true);
    expect(
      s.events.every((e) => !Number.isNaN(Date.parse(e.data.at)) && e.data.at.endsWith('Z')),
    ).toBe(true);
    s.close();
  });

  it("members and tokens: a member's joining, new role and removal; a token's issue and revocation, and the member's tokens going with them", async () => {
    const owner = await newOwner(t);
    const s = await open(t, owner.project, { token: owner.token });
    const other = await t.newAccount();
    const project_id = owner.project;
    expect(
      (
        await t.call('inviteProjectMember', {
          token: owner.token,
          params: { project_id },
          body: { email: other.email, role: 'member' },
        })
      ).status,
    ).toBe(200);
    const theirs = await t.call('issueToken', {
      token: other.token,
      params: { project_id },
      body: { name: 'ci', role: 'member' },
    });
    expect(theirs.status, theirs.text).toBe(200);
    const mine = await t.call('issueToken', {
      token: owner.token,
      params: { project_id },
      body: { name: 'mine', role: 'viewer' },
    });
    expect(
      (
        await t.call('deleteToken', {
          token: owner.token,
          params: { project_id, token_id: mine.body.id },
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await t.call('updateProjectMember', {
          token: owner.token,
          params: { project_id, account_id: other.id },
          body: { role: 'viewer' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.call('removeProjectMember', {
          token: owner.token,
          params: { project_id, account_id: other.id },
        })
      ).status,
    ).toBe(204);
    await s.waitFor(hasType('projectMember.deleted', other.id), 'the removal');

    const said = s.events.map(
      (e) => `${e.event} ${e.data.object.id} ${e.data.object.name} ${e.data.state}`,
    );
    expect(said.slice(0, 5)).toEqual([
      `projectMember.created ${other.id} ${other.email} member`,
      `accessToken.created ${theirs.body.id} ci null`,
      `accessToken.created ${mine.body.id} mine null`,
      `accessToken.deleted ${mine.body.id} mine null`,
      `projectMember.updated ${other.id} ${other.email} viewer`,
    ]);
    // Removing a member revokes their tokens in the same transaction (behaviour.md §11); the
    // engines cascade in their own order.
    expect(said.slice(5).sort()).toEqual([
      `accessToken.deleted ${theirs.body.id} ci null`,
      `projectMember.deleted ${other.id} ${other.email} viewer`,
    ]);
    expect(s.events.every((e) => e.data.object.location === null)).toBe(true);
    s.close();
  });

  it('a change that fails or is rolled back writes no event', async () => {
    const owner = await newOwner(t);
    await createSubnet(t, owner.token, owner.project, 'a');
    await createSubnet(t, owner.token, owner.project, 'b');
    const before = await tableEvents(t, owner.project);
    const s = await open(t, owner.project, {
      token: owner.token,
      lastEventId: String(before.at(-1)!.seq),
    });
    // Refused: the name is taken.
    const taken = await t.call('renamePrivateSubnet', {
      token: owner.token,
      params: { project_id: owner.project, location: LOC, private_subnet_reference: 'a' },
      body: { name: 'b' },
    });
    expect(taken.status).toBe(400);
    // Written, then rolled back.
    await expect(
      t.ctx.db.transaction().execute(async (tx) => {
        await tx
          .updateTable('private_subnet')
          .set({ name: 'renamed' })
          .where('project_id', '=', owner.project)
          .where('name', '=', 'a')
          .execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // A change after them is the next event the stream sends.
    await createSubnet(t, owner.token, owner.project, 'c');
    await s.waitFor(hasType('firewall.created'), 'the next change');
    // The subnet and its default firewall; nothing of the refused or rolled-back renames.
    expect(types(s.events)).toEqual(['privateSubnet.created', 'firewall.created']);
    expect(s.events[0]!.data.object.name).toBe('c');
    expect((await tableEvents(t, owner.project)).length).toBe(before.length + 2);
    s.close();
  });

  it('the project: its creation (with its first admin) and a rename, by whatever code makes it', async () => {
    const owner = await newOwner(t);
    const s = await open(t, owner.project, { token: owner.token, lastEventId: '0' });
    await t.ctx.db
      .updateTable('project')
      .set({ name: 'renamed' })
      .where('id', '=', owner.project)
      .execute();
    t.ctx.events.poke(owner.project);
    await s.waitFor(hasType('project.renamed'), 'project.renamed');
    expect(s.events.map((e) => `${e.event} ${e.data.object.name}`)).toEqual([
      'project.created proj',
      `projectMember.created ${owner.email}`,
      'project.renamed renamed',
    ]);
    s.close();
  });
});

describe('replay', () => {
  it('after a disconnect, Last-Event-ID (header or query) replays exactly the events missed, in order, then goes on live', async () => {
    const owner = await newOwner(t);
    const first = await open(t, owner.project, { token: owner.token });
    await createSubnet(t, owner.token, owner.project, 'one');
    const [seen] = await first.untilCount(1);
    first.close();
    await first.ended;
    // Missed while disconnected.
    await createSubnet(t, owner.token, owner.project, 'two');
    await createSubnet(t, owner.token, owner.project, 'three');
    const missed = (await tableEvents(t, owner.project, Number(seen!.id))).map((r) =>
      String(r.seq),
    );
    expect(missed.length).toBeGreaterThanOrEqual(2);

    const again = await open(t, owner.project, { token: owner.token, lastEventId: seen!.id });
    const viaQuery = await open(t, owner.project, {
      token: owner.token,
      query: `last_event_id=${seen!.id}`,
    });
    for (const s of [again, viaQuery]) {
      await s.untilCount(missed.length);
      expect(s.events.map((e) => e.id)).toEqual(missed);
    }
    // Then live, with nothing twice.
    const four = await createSubnet(t, owner.token, owner.project, 'four');
    for (const s of [again, viaQuery]) {
      await s.waitFor(hasType('privateSubnet.created', four.id));
      expect(new Set(s.events.map((e) => e.id)).size).toBe(s.events.length);
      expect(s.events.map((e) => e.id)).toEqual(
        (await tableEvents(t, owner.project, Number(seen!.id))).map((r) => String(r.seq)),
      );
      s.close();
    }
  });

  it('refuses a Last-Event-ID that is not an event id, in the current error body', async () => {
    const owner = await newOwner(t);
    for (const opts of [
      { lastEventId: 'abc' },
      { query: 'last_event_id=-1' },
      { lastEventId: '1'.repeat(40) },
    ]) {
      const s = await openEvents(t.base, owner.project, { token: owner.token, ...opts });
      expect(s.status, s.text).toBe(400);
      expectCurrentError(
        { status: s.status, body: JSON.parse(s.text), text: s.text, headers: s.headers },
        400,
        'InvalidRequest',
      );
    }
  });
});

describe('who may read', () => {
  it('a viewer reads the stream (session, cookie or their access token); a non-member and a stranger get the 404 of a project that does not exist', async () => {
    const owner = await newOwner(t);
    const viewer = await t.newAccount();
    expect(
      (
        await t.call('inviteProjectMember', {
          token: owner.token,
          params: { project_id: owner.project },
          body: { email: viewer.email, role: 'viewer' },
        })
      ).status,
    ).toBe(200);
    const pat = await t.call('issueToken', {
      token: viewer.token,
      params: { project_id: owner.project },
      body: { name: 'watch', role: 'viewer' },
    });
    expect(pat.status, pat.text).toBe(200);
    const streams = [
      await open(t, owner.project, { token: viewer.token }),
      await open(t, owner.project, { cookie: viewer.cookie }),
      await open(t, owner.project, { token: pat.body.token }),
    ];
    const subnet = await createSubnet(t, owner.token, owner.project, 'seen');
    for (const s of streams) {
      await s.waitFor(hasType('privateSubnet.created', subnet.id));
      s.close();
    }

    const outsider = await stranger(t);
    const foreign = await openEvents(t.base, owner.project, { token: outsider.token });
    const missing = await openEvents(t.base, newId('project'), { token: owner.token });
    const malformed = await openEvents(t.base, 'pj-not-an-id', { token: owner.token });
    expect(foreign.status).toBe(404);
    expect(foreign.text).toBe(missing.text);
    expect(malformed.text).toBe(missing.text);
    // A token made for another project sees the same.
    const elsewhere = await newOwner(t);
    const other = await t.call('issueToken', {
      token: elsewhere.token,
      params: { project_id: elsewhere.project },
      body: { name: 'other', role: 'admin' },
    });
    const crossed = await openEvents(t.base, owner.project, { token: other.body.token });
    expect(crossed.text).toBe(missing.text);
    const anonymous = await openEvents(t.base, owner.project);
    expect(anonymous.status).toBe(401);
  });

  it('a member removed while their stream is open stops receiving, and the stream ends', async () => {
    const owner = await newOwner(t);
    const member = await t.newAccount();
    expect(
      (
        await t.call('inviteProjectMember', {
          token: owner.token,
          params: { project_id: owner.project },
          body: { email: member.email, role: 'member' },
        })
      ).status,
    ).toBe(200);
    const s = await open(t, owner.project, { token: member.token });
    expect(
      (
        await t.call('removeProjectMember', {
          token: owner.token,
          params: { project_id: owner.project, account_id: member.id },
        })
      ).status,
    ).toBe(204);
    await createSubnet(t, owner.token, owner.project, 'after');
    await s.ended;
    expect(s.events.some((e) => e.event === 'privateSubnet.created')).toBe(false);
  });
});

describe('many streams of a project', () => {
  it("woken together (one read, one check per reader): each gets every event once; a removed reader's streams end, the others go on", async () => {
    const owner = await newOwner(t);
    const member = await t.newAccount();
    expect(
      (
        await t.call('inviteProjectMember', {
          token: owner.token,
          params: { project_id: owner.project },
          body: { email: member.email, role: 'member' },
        })
      ).status,
    ).toBe(200);
    const mine = await Promise.all(
      [1, 2, 3].map(() => open(t, owner.project, { token: owner.token })),
    );
    const theirs = await Promise.all(
      [1, 2].map(() => open(t, owner.project, { token: member.token })),
    );
    await createSubnet(t, owner.token, owner.project, 'a');
    for (const s of [...mine, ...theirs])
      await s.waitFor(hasType('firewall.created'), 'the subnet and its firewall');
    expect(new Set([...mine, ...theirs].map((s) => JSON.stringify(s.events)))).toHaveLength(1);
    expect(types(mine[0]!.events)).toEqual(['privateSubnet.created', 'firewall.created']);

    expect(
      (
        await t.call('removeProjectMember', {
          token: owner.token,
          params: { project_id: owner.project, account_id: member.id },
        })
      ).status,
    ).toBe(204);
    await createSubnet(t, owner.token, owner.project, 'b');
    await Promise.all(theirs.map((s) => s.ended));
    for (const s of theirs)
      expect(s.events.filter((e) => e.event === 'privateSubnet.created')).toHaveLength(1);
    for (const s of mine) {
      await s.waitFor(
        (events) => events.filter((e) => e.event === 'firewall.created').length === 2,
        'the second subnet',
      );
      expect(s.isEnded()).toBe(false);
      expect(new Set(s.events.map((e) => e.id)).size).toBe(s.events.length);
      s.close();
    }
  });
});

describe('the connection', () => {
  it('sends a heartbeat comment while nothing happens', async () => {
    const quick = await serverForFile({ EVENTS_HEARTBEAT_MS: '50' });
    const owner = await newOwner(quick);
    const s = await open(quick, owner.project, { token: owner.token });
    await s.waitFor(() => s.comments.includes('heartbeat'), 'a heartbeat');
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('cache-control')).toBe('no-store');
    s.close();
  });

  it('drops a client that does not read, instead of buffering for it; it reconnects with its Last-Event-ID and loses nothing', async () => {
    const slow = await serverForFile({ EVENTS_DRAIN_TIMEOUT_MS: '200' });
    const owner = await newOwner(slow);
    // Events enough to fill the socket's buffers several times over (each about 4 kB).
    const name = 'x'.repeat(4000);
    const total = 5000;
    for (let i = 0; i < total; i += 500) {
      const rows = Array.from({ length: 500 }, (_, j) => ({
        project_id: owner.project,
        type: 'vm.updated',
        object_id: `vm${i + j}`,
        object_kind: 'vm',
        object_name: name,
        location: LOC,
        state: 'running',
        at: new Date().toISOString(),
      }));
      await slow.ctx.db.insertInto('event').values(rows).execute();
    }
    const url = new URL(`${slow.base}/api/project/${owner.project}/events?last_event_id=0`);
    const req = http.get(url, { headers: { authorization: `Bearer ${owner.token}` } });
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
    expect(res.statusCode).toBe(200);
    res.pause(); // reads nothing: the server's writes back up
    const closed = new Promise<void>((resolve) => res.socket.on('close', () => resolve()));
    res.on('error', () => {});
    req.on('error', () => {});
    await waitUntil(
      () => slow.logLines.some((l) => l.includes('event stream dropped')),
      'the drop',
    );
    await waitUntil(() => slow.ctx.events.streamCount === 0, 'the stream to be released');
    const line = JSON.parse(slow.logLines.find((l) => l.includes('event stream dropped'))!) as {
      buffered: number;
    };
    expect(line.buffered).toBeLessThan(4 * 1024 * 1024);
    // What the client gets when it reads at last: a part, then the end.
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (text += chunk));
    res.resume();
    await closed;
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => m[1]!);
    expect(ids.length).toBeLessThan(total);
    // Reconnecting from the last one received (again if dropped again, as a client does): the rest, nothing lost.
    const rows = (await tableEvents(slow, owner.project)).map((r) => String(r.seq));
    const got = [...ids];
    while (got.length < rows.length) {
      const rest = await open(slow, owner.project, {
        token: owner.token,
        lastEventId: got.at(-1) ?? '0',
      });
      await rest
        .waitFor((e) => got.length + e.length >= rows.length || rest.isEnded(), 'the rest')
        .catch(() => {});
      rest.close();
      got.push(...rest.events.map((e) => e.id));
    }
    expect(got).toEqual(rows);
  });
});

describe('server shutdown', () => {
  const servers = serverProcesses();
  it('SIGTERM ends the open streams and the server exits', async () => {
    const p = servers.start({ EVENTS_HEARTBEAT_MS: '3600000' });
    const base = await p.listening;
    const api = await adminClient(base);
    const project = (await api('POST', '/project', { name: 'p' })).body.id as string;
    const token = (
      await api('POST', `/project/${project}/token`, { name: 'watch', role: 'viewer' })
    ).body.token as string;
    const s = await openEvents(base, project, { token, lastEventId: '0' });
    await s.waitFor(hasType('project.created'));
    p.kill('SIGTERM');
    await s.ended;
    expect(await p.exited).toBe(0);
  });
});

async function waitUntil(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1500; i++) {
    if (done()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`gave up waiting for ${what}`);
}
