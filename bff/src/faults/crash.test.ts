// The server process stopped under load, on the engine under test: kill -9 loses no
// acknowledged write, and SIGTERM answers every request in flight before exiting 0.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { SSH_KEY as KEY } from '../../test/fixtures.ts';
import { engine } from '../../test/harness.ts';
import { ADMIN, adminClient, eventually, loginToken, serverProcesses } from '../../test/process.ts';

const VMS = 40;
const servers = serverProcesses();

async function start(env: Record<string, string> = {}) {
  const p = servers.start({ PROVISION_DELAY_MS: '200', ...env });
  const base = await p.listening;
  return { p, base, call: await adminClient(base) };
}

describe(`the server process stopped under load (${engine})`, () => {
  it('loses no acknowledged VM create to kill -9, and finishes them after a restart', async () => {
    const first = await start();
    const project = (await first.call('POST', '/project', { name: 'kill-9' })).body;
    const loc = `/project/${project.id}/location/eu-central-h1`;

    // The kill goes out when a quarter of the creates are acknowledged, the others in flight.
    let acks = 0;
    const answers = await Promise.all(
      Array.from({ length: VMS }, (_, i) =>
        first.call('POST', `${loc}/vm/vm-${i}`, { public_key: KEY }).then(
          (r) => {
            if (r.status === 200 && ++acks === VMS / 4) first.p.kill('SIGKILL');
            return r.status;
          },
          () => 0, // no answer: the process died first
        ),
      ),
    );
    await first.p.exited;
    const acknowledged = answers.flatMap((status, i) => (status === 200 ? [`vm-${i}`] : []));
    expect(answers.filter((s) => s !== 200 && s !== 0)).toEqual([]);

    const second = await start();
    const found = new Set(
      (
        (await second.call('GET', `/project/${project.id}/vm?page_size=100`)).body.items as {
          name: string;
        }[]
      ).map((v) => v.name),
    );
    const lost = acknowledged.filter((name) => !found.has(name));
    console.info(
      `[faults] kill -9 (${engine}): ${VMS} creates, ${acknowledged.length} acknowledged, ${lost.length} lost, ` +
        `${found.size - acknowledged.length} committed without an answer, ${answers.filter((s) => s === 0).length} unanswered`,
    );
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(lost).toEqual([]);
    // Every VM that exists, acknowledged or not, finishes provisioning.
    await eventually(
      async () => {
        const items = (await second.call('GET', `/project/${project.id}/vm?page_size=100`)).body
          .items as { state: string }[];
        return items.every((v) => v.state === 'running') ? true : undefined;
      },
      300,
      100,
    );
    second.p.kill('SIGTERM');
    expect(await second.p.exited).toBe(0);
  }, 90_000);

  it('answers every request in flight on SIGTERM, then exits 0', async () => {
    const { p, base, call } = await start({ LOG_LEVEL: 'info' });
    const project = (await call('POST', '/project', { name: 'sigterm' })).body;
    const token = await loginToken(base, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);

    // Ten VM creates, each on its own connection. `Expect: 100-continue` makes the server
    // answer once it has parsed a request's headers, so each is truly in flight (begun on the
    // server) before the signal, however busy the machine; the bodies follow the signal.
    const inFlight = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const body = JSON.stringify({ public_key: KEY });
        const req = http.request(
          `${base}/api/project/${project.id}/location/eu-central-h1/vm/term-${i}`,
          {
            method: 'POST',
            agent: false,
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              expect: '100-continue',
            },
          },
        );
        const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
          req.on('response', (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode!, text }));
          });
          req.on('error', reject);
        });
        const begun = new Promise<void>((resolve) => req.once('continue', () => resolve()));
        req.flushHeaders();
        await begun;
        return { finish: () => req.end(body), answer };
      }),
    );

    p.kill('SIGTERM');
    await p.waitFor(/shutting down/, 10_000);
    inFlight.forEach((r) => r.finish());
    const answers = await Promise.all(inFlight.map((r) => r.answer));
    console.info(
      `[faults] SIGTERM (${engine}): ${answers.length} requests in flight, ${answers.filter((a) => a.status === 200).length} answered 200`,
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.map((a) => JSON.parse(a.text).state)).toEqual(answers.map(() => 'creating'));
    expect(await p.exited).toBe(0);
  }, 60_000);
});
