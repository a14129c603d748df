// The event streams' rows of `npm run bench` (issue 26, docs/performance.md): many open
// `GET P/events` streams on one BFF process, held by plain node:http clients in the bench's
// own process (the load core), and a change every 100 ms through the API. For every change it
// records when each stream received its event, and reports how long the last stream took, the
// server's resident memory per open stream, and any event a stream missed or received twice.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../bff/src/db/database.ts';
import { migrate } from '../bff/src/db/migrations.ts';
import { createAccount } from '../bff/src/resources/auth/account.store.ts';
import { EMAIL, LOCATION, PASSWORD } from './seed.ts';

export interface EventsScenario {
  /** The row's name, which BENCH_ONLY matches. */
  name: string;
  projects: number;
  /** In all, spread evenly over the projects. */
  streams: number;
}

export interface EventsProbe {
  url: string;
  /** The server's resident memory, MB. */
  rssMb: () => number;
  /** The server's CPU time so far, ms. */
  cpuMs: () => number;
  /** How long the server's main thread has waited for a core while it could run, ms so far. */
  waitMs: () => number;
}

/** A thread's time spent waiting on a run queue so far, ms (Linux, /proc/<pid>/schedstat: the main thread's). */
export function runQueueWaitMs(pid: number): number {
  return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
}

export interface EventsResult {
  streams: number;
  projects: number;
  /** Changes answered 200 / made. */
  changes: number;
  failedChanges: number;
  /** Seconds the changes took (one every `intervalMs` when the server keeps up). */
  seconds: number;
  /** Per change, ms from the bench receiving the change's answer to the last of its project's streams receiving its event. */
  fromAnswer: { p50: number; p99: number; max: number };
  /** The same from the event's own `at` (written by the trigger inside the change's transaction, before its commit; ms precision). */
  fromAt: { p50: number; p99: number; max: number };
  /** Per change, ms from the answer to the first stream's receipt (may be negative: a stream can hear before the answer arrives). */
  firstP50: number;
  /** Open streams' RSS: the server's before and after opening them (1 s after each), and the highest sampled while the changes ran, MB. */
  rssBeforeMb: number;
  rssOpenMb: number;
  rssPeakMb: number;
  /** Share of the server's core used while the changes ran (until their events were in), and its CPU time a change, ms. */
  serverCpu: number;
  serverCpuMsPerChange: number;
  /** Time the server's main thread waited for its core while it could run, a change, ms: other work on the core. */
  serverWaitMsPerChange: number;
  /** Events a stream should have received and did not, in all; and the most any one stream missed. */
  missed: number;
  missedMostOneStream: number;
  /** Events received more than once by a stream (each extra copy counted). */
  duplicated: number;
  /** Events no change of the bench made, or of another project. */
  unexpected: number;
  /** Streams the server ended before the bench closed them. */
  ended: number;
  /** Milliseconds until every stream was open and subscribed. */
  openMs: number;
}

/** BENCH_EVENTS_SECONDS: how long the changes run (issue 26: 30 s); the bench's own argument does not scale it. */
export const EVENTS_SECONDS = Number(process.env.BENCH_EVENTS_SECONDS ?? 30);
const INTERVAL_MS = 100;
/** After the last change, how long its events may take before they count as missed. */
const SETTLE_MS = 5000;
/** Streams being opened at once (the server's listen backlog is 511). */
const OPENING = 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.timeOrigin + performance.now();

/** A fresh SQLite data directory holding the bench's account (verified, so it signs in). */
export async function eventsDataDir(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-events-'));
  const { db } = openDatabase({ dataDir });
  await migrate(db);
  await createAccount(db, EMAIL, PASSWORD, { verified: true });
  await db.destroy();
  return dataDir;
}

/** The soft limit of open files of this process (Node raises it to the hard limit at start). */
export function openFileLimit(pid: number | 'self' = 'self'): number {
  const line = fs
    .readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = line?.split(/\s{2,}/)[1];
  return soft === undefined || soft === 'unlimited' ? Infinity : Number(soft);
}

async function call(url: string, init: RequestInit) {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, text, headers: res.headers };
}

interface Stream {
  project: number;
  /** Times each change's event was received by this stream. */
  counts: Uint16Array;
  unexpected: number;
  ended: boolean;
  close: () => void;
}

interface Change {
  project: number;
  ok: boolean;
  answeredAt: number;
  /** The event's `at`, epoch ms (NaN until a stream received it). */
  at: number;
  received: number;
  first: number;
  last: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : NaN;

/**
 * `scenario.streams` streams over `scenario.projects` new projects of a BFF whose database holds
 * the bench's account (eventsDataDir); one firewall a project, renamed every INTERVAL_MS (the
 * projects in turn) for `seconds`. Each rename writes one event (`firewall.renamed`, its new
 * name unique to the change), which each stream of that project must receive exactly once.
 */
export async function eventStreams(
  server: EventsProbe,
  scenario: EventsScenario,
  seconds = EVENTS_SECONDS,
): Promise<EventsResult> {
  const base = server.url;
  const login = await call(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: EMAIL, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
  const authorization = `Bearer ${login.headers.get('authorization')}`;
  const json = { authorization, 'content-type': 'application/json' };

  const projectIds: string[] = [];
  const names: string[] = [];
  for (let p = 0; p < scenario.projects; p++) {
    const res = await call(`${base}/api/project`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: `events-${p}` }),
    });
    if (res.status !== 200) throw new Error(`create project: ${res.status} ${res.text}`);
    const id = (JSON.parse(res.text) as { id: string }).id;
    const fw = await call(`${base}/api/project/${id}/location/${LOCATION}/firewall/fw`, {
      method: 'POST',
      headers: json,
      body: '{}',
    });
    if (fw.status !== 200) throw new Error(`create firewall: ${fw.status} ${fw.text}`);
    projectIds.push(id);
    names.push('fw');
  }

  const total = Math.ceil((seconds * 1000) / INTERVAL_MS);
  const changes: Change[] = [];
  const streams: Stream[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: scenario.streams + 10 });
  const { hostname, port } = new URL(base);

  /** Opens one stream; resolves once the server has subscribed it (its first line, `retry:`, is written after). */
  const open = (project: number) =>
    new Promise<void>((resolve, reject) => {
      const stream: Stream = {
        project,
        counts: new Uint16Array(total),
        unexpected: 0,
        ended: false,
        close: () => {},
      };
      const req = http.get(
        {
          agent,
          hostname,
          port,
          path: `/api/project/${projectIds[project]}/events`,
          headers: { authorization, accept: 'text/event-stream' },
        },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            return reject(new Error(`GET P/events: ${res.statusCode}`));
          }
          res.setEncoding('utf8');
          let buffer = '';
          let ready = false;
          res.on('data', (chunk: string) => {
            const at = now();
            buffer += chunk;
            for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (block.startsWith('retry:')) {
                ready = true;
                resolve();
                continue;
              }
              if (block.startsWith(':')) continue; // a heartbeat
              const data = block.split('\n').find((l) => l.startsWith('data: '));
              const event =
                data &&
                (JSON.parse(data.slice(6)) as {
                  type: string;
                  object: { name: string | null };
                  at: string;
                });
              const k =
                event && event.type === 'firewall.renamed'
                  ? Number(/^f(\d+)$/.exec(event.object.name ?? '')?.[1] ?? NaN)
                  : NaN;
              const change = changes[k];
              if (!event || !change || change.project !== project) {
                stream.unexpected++;
                continue;
              }
              if (stream.counts[k]!++ > 0) continue;
              if (change.received++ === 0) {
                change.first = at;
                change.at = Date.parse(event.at);
              }
              change.last = Math.max(change.last, at);
            }
          });
          res.on('close', () => {
            stream.ended = true;
            if (!ready) reject(new Error('GET P/events ended before it was subscribed'));
          });
        },
      );
      req.on('error', reject);
      stream.close = () => req.destroy();
      streams.push(stream);
    });

  let failedChanges = 0;
  let rssPeakMb = 0;
  const began = performance.now();
  const rssBeforeMb = (await sleep(1000), server.rssMb());
  try {
    // Opened a batch at a time; stream i on project i mod projects.
    const pending = Array.from({ length: scenario.streams }, (_, i) => i % scenario.projects);
    await Promise.all(
      Array.from({ length: OPENING }, async () => {
        for (let p = pending.shift(); p !== undefined; p = pending.shift()) await open(p);
      }),
    );
    const openMs = performance.now() - began - 1000;
    await sleep(1000);
    const rssOpenMb = server.rssMb();

    const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, server.rssMb())), 1000);
    const cpuBefore = server.cpuMs();
    const waitBefore = server.waitMs();
    const t0 = performance.now();
    try {
      for (let k = 0; k < total; k++) {
        const wait = t0 + k * INTERVAL_MS - performance.now();
        if (wait > 0) await sleep(wait);
        const project = k % scenario.projects;
        const change: Change = {
          project,
          ok: false,
          answeredAt: NaN,
          at: NaN,
          received: 0,
          first: NaN,
          last: -Infinity,
        };
        changes[k] = change;
        const res = await call(
          `${base}/api/project/${projectIds[project]}/location/${LOCATION}/firewall/${names[project]}/rename`,
          {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ name: `f${k}` }),
          },
        );
        change.answeredAt = now();
        if (res.status === 200) {
          change.ok = true;
          names[project] = `f${k}`;
        } else failedChanges++;
      }
      const ran = (performance.now() - t0) / 1000;
      const perProject = (p: number) => streams.filter((s) => s.project === p).length;
      const expected = Array.from({ length: scenario.projects }, (_, p) => perProject(p));
      const deadline = performance.now() + SETTLE_MS;
      while (
        performance.now() < deadline &&
        changes.some((c) => c.ok && c.received < expected[c.project]!)
      )
        await sleep(50);
      const cpuUsed = server.cpuMs() - cpuBefore;
      const waited = server.waitMs() - waitBefore;
      const serverCpu = cpuUsed / (performance.now() - t0);
      rssPeakMb = Math.max(rssPeakMb, server.rssMb());

      let missed = 0;
      let missedMostOneStream = 0;
      let duplicated = 0;
      for (const s of streams) {
        let mine = 0;
        changes.forEach((c, k) => {
          if (c.project !== s.project) return;
          const n = s.counts[k]!;
          if (c.ok && n === 0) mine++;
          if (n > 1) duplicated += n - 1;
          // A refused change wrote no event: one received is unexpected.
          if (!c.ok && n > 0) s.unexpected += n;
        });
        missed += mine;
        missedMostOneStream = Math.max(missedMostOneStream, mine);
      }
      const complete = changes.filter((c) => c.ok && c.received === expected[c.project]);
      const sorted = (xs: number[]) => xs.sort((a, b) => a - b);
      const fromAnswer = sorted(complete.map((c) => c.last - c.answeredAt));
      const fromAt = sorted(complete.map((c) => c.last - c.at));
      const first = sorted(complete.map((c) => c.first - c.answeredAt));
      return {
        streams: streams.length,
        projects: scenario.projects,
        changes: changes.length - failedChanges,
        failedChanges,
        seconds: ran,
        fromAnswer: {
          p50: percentile(fromAnswer, 50),
          p99: percentile(fromAnswer, 99),
          max: fromAnswer.at(-1) ?? NaN,
        },
        fromAt: {
          p50: percentile(fromAt, 50),
          p99: percentile(fromAt, 99),
          max: fromAt.at(-1) ?? NaN,
        },
        firstP50: percentile(first, 50),
        rssBeforeMb,
        rssOpenMb,
        rssPeakMb,
        serverCpu,
        serverCpuMsPerChange: cpuUsed / changes.length,
        serverWaitMsPerChange: waited / changes.length,
        missed,
        missedMostOneStream,
        duplicated,
        unexpected: streams.reduce((sum, s) => sum + s.unexpected, 0),
        ended: streams.filter((s) => s.ended).length,
        openMs,
      };
    } finally {
      clearInterval(sampler);
    }
  } finally {
    for (const s of streams) s.close();
    agent.destroy();
  }
}
