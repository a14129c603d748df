// kill -9 under keyed creates, on the engine under test: a client that retries every create
// it got no answer to, with the same Idempotency-Key, ends with each object exactly once,
// including those that committed just before the kill (decision 073).
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '#shared/route-helpers';
import { checkSuccess } from '../../test/contract.ts';
import { engine, testDatabaseEnv } from '../../test/harness.ts';
import { eventually, loginToken, runServer, type ServerProcess } from '../../test/process.ts';

const ADMIN = { ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'ops-password' };
const CREATES = 40;

let database: Awaited<ReturnType<typeof testDatabaseEnv>>;
const running: ServerProcess[] = [];
beforeAll(async () => {
  database = await testDatabaseEnv();
});
afterAll(async () => {
  running.forEach((p) => p.kill('SIGKILL'));
  await Promise.all(running.map((p) => p.exited));
  await database.cleanup();
});

async function start() {
  const p = runServer({ ...database.env, ...ADMIN });
  running.push(p);
  const base = await p.listening;
  const token = await loginToken(base, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  /** A project create with the key (through `via`, a proxy, if given); network failures reject. */
  const create = async (i: number, via = base) => {
    const res = await fetch(`${via}/api/project`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        [IDEMPOTENCY_KEY_HEADER]: `create-${i}`,
      },
      body: JSON.stringify({ name: `keyed-${i}` }),
    });
    const text = await res.text();
    checkSuccess('POST', '/api/project', res.status, text, res.headers.get('content-type'));
    return {
      status: res.status,
      text,
      replayed: res.headers.get(IDEMPOTENT_REPLAYED_HEADER) === 'true',
    };
  };
  const keyedProjects = async () => {
    const list = await fetch(`${base}/api/project?page_size=100`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await list.json()) as { items: { id: string; name: string }[] }).items.filter((x) =>
      x.name.startsWith('keyed-'),
    );
  };
  return { p, base, token, create, keyedProjects };
}

/** A TCP proxy to `base` that passes requests on and drops every answer: the client never hears back. */
async function answerLosingProxy(base: string): Promise<{ url: string; close: () => void }> {
  const { hostname, port } = new URL(base);
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {}); // the server is killed under it
    }
    client.pipe(upstream);
    upstream.resume(); // read and discard
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`,
    close: () => {
      sockets.forEach((s) => s.destroy());
      proxy.close();
    },
  };
}

describe(`keyed creates retried after kill -9 (${engine})`, () => {
  it('leave every object exactly once, and every retry gets the first answer', async () => {
    const first = await start();
    // Project names are not unique: a blind retry of a create that committed makes a second one.
    let acks = 0;
    const answers = await Promise.all(
      Array.from({ length: CREATES }, (_, i) =>
        first.create(i).then(
          (r) => {
            if (r.status === 200 && ++acks === CREATES / 4) first.p.kill('SIGKILL');
            return r;
          },
          () => undefined, // no answer: the process died first
        ),
      ),
    );
    await first.p.exited;
    expect(answers.filter((a) => a && a.status !== 200)).toEqual([]);

    const second = await start();
    const final: string[] = [];
    let replayedUnanswered = 0;
    for (let i = 0; i < CREATES; i++) {
      const retry = await second.create(i);
      expect(retry.status, retry.text).toBe(200);
      const before = answers[i];
      if (before) {
        expect(retry.replayed).toBe(true);
        expect(retry.text).toBe(before.text);
      } else if (retry.replayed) replayedUnanswered++;
      final.push(JSON.parse(retry.text).id);
    }

    const items = await second.keyedProjects();
    const unanswered = answers.filter((a) => !a).length;
    console.info(
      `[faults] keyed creates after kill -9 (${engine}): ${CREATES} creates, ${CREATES - unanswered} acknowledged, ${unanswered} unanswered; ` +
        `on retry ${replayedUnanswered} of those had committed (replayed), ${unanswered - replayedUnanswered} ran; ${items.length} projects exist`,
    );
    // Each create exists once, and it is the one its answer names.
    expect(items.map((p) => p.name).sort()).toEqual(
      Array.from({ length: CREATES }, (_, i) => `keyed-${i}`).sort(),
    );
    expect(Object.fromEntries(items.map((p) => [p.name, p.id]))).toEqual(
      Object.fromEntries(final.map((id, i) => [`keyed-${i}`, id])),
    );
    second.p.kill('SIGTERM');
    expect(await second.p.exited).toBe(0);
  }, 90_000);

  it('replay creates that committed before the kill although their answers never arrived', async () => {
    const first = await start();
    const proxy = await answerLosingProxy(first.base);
    const lost = Array.from({ length: 10 }, (_, i) =>
      first.create(100 + i, proxy.url).catch(() => undefined),
    );
    // All ten committed (seen through a direct connection); none was answered.
    const committed = await eventually(async () => {
      const items = (await first.keyedProjects()).filter(
        (x) => Number(x.name.slice('keyed-'.length)) >= 100,
      );
      return items.length === 10 ? items : undefined;
    });
    first.p.kill('SIGKILL');
    await first.p.exited;
    proxy.close();
    expect(await Promise.all(lost)).toEqual(lost.map(() => undefined));

    const second = await start();
    for (let i = 0; i < 10; i++) {
      const retry = await second.create(100 + i);
      expect(retry.status, retry.text).toBe(200);
      expect(retry.replayed).toBe(true);
      expect(JSON.parse(retry.text).id).toBe(
        committed.find((x) => x.name === `keyed-${100 + i}`)!.id,
      );
    }
    expect(
      (await second.keyedProjects()).filter((x) => Number(x.name.slice('keyed-'.length)) >= 100),
    ).toHaveLength(10);
    second.p.kill('SIGTERM');
    expect(await second.p.exited).toBe(0);
  }, 90_000);
});
