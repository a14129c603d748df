// A node pool resize survives kill -9 of the server process, on the engine under test: the
// worker adds (and removes) worker VMs one by one as job steps, so a new process picks the job
// up where the database says it is and converges to the target count, no node made twice.
import { describe, expect, it } from 'vitest';
import { engine } from '../../test/harness.ts';
import { adminClient, eventually, serverProcesses } from '../../test/process.ts';

const servers = serverProcesses();

async function start() {
  const p = servers.start({ PROVISION_DELAY_MS: '150' });
  const base = await p.listening;
  return { p, base, call: await adminClient(base) };
}

interface Cluster {
  display_state: string;
  nodepools: { name: string; node_count: number; vms: { id: string; state: string }[] }[];
}

describe(`a node pool resize stopped by kill -9 (${engine})`, () => {
  it('converges to the target after a restart, growing and shrinking', async () => {
    let server = await start();
    const project = (await server.call('POST', '/project', { name: 'resize-kill' })).body;
    const kc = `/project/${project.id}/location/eu-central-h1/kubernetes-cluster/crashy`;
    expect((await server.call('POST', kc, { worker_nodes: 1 })).status).toBe(200);
    const cluster = async () => (await server.call('GET', kc)).body as Cluster;
    const settled = (c: Cluster, n: number) =>
      c.display_state === 'running' &&
      c.nodepools[0]!.vms.length === n &&
      c.nodepools[0]!.vms.every((v) => v.state === 'running');
    await eventually(async () => (settled(await cluster(), 1) ? true : undefined), 500, 50);

    for (const [target, midway] of [
      [5, (n: number) => n >= 3],
      [1, (n: number) => n <= 3],
    ] as const) {
      expect(
        (await server.call('POST', `${kc}/nodepool/crashy-np/resize`, { node_count: target }))
          .status,
      ).toBe(200);
      // Killed mid-way: some nodes made (or removed), not all.
      await eventually(
        async () => {
          const c = await cluster();
          return c.display_state === 'updating' && midway(c.nodepools[0]!.vms.length)
            ? true
            : undefined;
        },
        1000,
        10,
      );
      server.p.kill('SIGKILL');
      await server.p.exited;

      server = await start();
      const done = await eventually(
        async () => {
          const c = await cluster();
          return settled(c, target) ? c : undefined;
        },
        600,
        100,
      );
      expect(done.nodepools[0]!.node_count).toBe(target);
      expect(new Set(done.nodepools[0]!.vms.map((v) => v.id)).size).toBe(target);
    }
    server.p.kill('SIGTERM');
    expect(await server.p.exited).toBe(0);
  }, 180_000);
});
