// The embedded database stops taking writes while the server runs, with jobs pending (issue 26,
// defect 2): the job worker backs off and logs a line when the fault starts, one a minute while
// it lasts and one when it ends, instead of one per attempt (thousands a second), and the jobs
// finish once writes work again, without a restart.
//
// The fault is real: the running server's file size limit is lowered to one byte (util-linux's
// prlimit, for root and for the server's own user alike), so every write SQLite makes fails with
// EFBIG (Node ignores SIGXFSZ) while reads keep working; raising the limit ends it. A chmod
// would not do: the open descriptors keep writing.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SSH_KEY as KEY } from '../../test/fixtures.ts';
import { adminClient, eventually, serverProcesses } from '../../test/process.ts';

const VMS = 3;
const FAULT_MS = 8000;
/** Lines a second besides the requests' own, on average over the fault: a generous ceiling (one line is expected). */
const MAX_LINES_PER_SECOND = 2;
const servers = serverProcesses();

/** The process's soft file size limit ("unlimited" or bytes). */
const fileSizeLimit = (pid: number) =>
  execFileSync('prlimit', ['--pid', String(pid), '--fsize', '--noheadings', '--output', 'SOFT'], {
    encoding: 'utf8',
  }).trim();
const setFileSizeLimit = (pid: number, soft: string) =>
  execFileSync('prlimit', ['--pid', String(pid), `--fsize=${soft}:`]);

const isRequestLine = (line: string) => /"msg":"request (completed|aborted)"/.test(line);

describe('a SQLite database that cannot be written while the server runs', () => {
  it('backs the job worker off with a line per change of the fault, not per attempt, and finishes the jobs after it', async () => {
    // Each VM's second step is due a second after its first: due during the fault.
    const p = servers.start({ PROVISION_DELAY_MS: '1000', LOG_LEVEL: 'info' });
    const base = await p.listening;
    const call = await adminClient(base);
    const project = (await call('POST', '/project', { name: 'unwritable' })).body;
    const loc = `/project/${project.id}/location/eu-central-h1`;
    for (let i = 0; i < VMS; i++)
      expect((await call('POST', `${loc}/vm/vm-${i}`, { public_key: KEY })).status).toBe(200);

    const limit = fileSizeLimit(p.pid);
    const mark = p.output().length;
    const began = Date.now();
    setFileSizeLimit(p.pid, '1');
    // Requests keep arriving: reads answer, writes answer 503.
    const statuses: number[] = [];
    try {
      while (Date.now() - began < FAULT_MS) {
        statuses.push((await call('GET', `/project/${project.id}/vm`)).status);
        statuses.push(
          (await call('POST', '/project', { name: `during-${statuses.length}` })).status,
        );
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      setFileSizeLimit(p.pid, limit);
    }
    const seconds = (Date.now() - began) / 1000;
    const lines = p.output().slice(mark).split('\n').filter(Boolean);
    const others = lines.filter((l) => !isRequestLine(l));
    console.info(
      `[faults] unwritable SQLite: ${others.length} worker and other log lines in ${seconds.toFixed(1)} s ` +
        `(${(others.length / seconds).toFixed(1)}/s), ${lines.length - others.length} request lines for ${statuses.length} requests`,
    );
    expect(others.length / seconds).toBeLessThanOrEqual(MAX_LINES_PER_SECOND);
    expect(statuses.filter((s, i) => s !== (i % 2 ? 503 : 200))).toEqual([]);
    // The worker did meet the fault, and said so once.
    const down = others.filter((l) =>
      l.includes('"msg":"database fault: the job worker backs off"'),
    );
    expect(down).toHaveLength(1);
    expect(down[0]).toMatch(/"outage":"(busy|full)"/);

    // Writes work again: every VM finishes, and the end of the fault is logged once.
    await eventually(
      async () => {
        const items = (await call('GET', `/project/${project.id}/vm`)).body.items as {
          state: string;
        }[];
        return items.length === VMS && items.every((v) => v.state === 'running') ? true : undefined;
      },
      600,
      100,
    );
    await p.waitFor(/"msg":"database fault over; the job worker resumes"/, 1000);
    const over = p
      .output()
      .split('\n')
      .filter((l) => l.includes('"msg":"database fault over'));
    expect(over).toHaveLength(1);
    // Quiet is not idle: it kept retrying, but backing off (a worker retrying at once made thousands of attempts).
    const { attempts } = JSON.parse(over[0]!) as { attempts: number };
    console.info(`[faults] unwritable SQLite: ${attempts} attempts during the fault`);
    expect(attempts).toBeGreaterThanOrEqual(2);
    expect(attempts).toBeLessThanOrEqual(20);
    expect((await call('POST', '/project', { name: 'after-fault' })).status).toBe(200);
    p.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  });
});
