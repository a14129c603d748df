// Replays the origin's `ubi` golden command lines (ubicloud/ubicloud,
// spec/routes/api/cli/golden-file-commands: success, error, missing, confirm and execute/*)
// against our command tree, from the local mirror when present, and counts by kind.
//
// Default mode: in-process command tree with an API stub. Lines we recognise (not "invalid
// (post) subcommand"), and lines whose output needs no API call and equals the origin's golden
// file exactly (help, usage and argument errors); lines that reach the API are counted "api".
//   node --import tsx scripts/cli-golden-replay.ts [path/to/cli.ts] [-v]
//
// --api mode: rebuilds the origin's fixture (golden_files_spec.rb) on our BFF, in-process on a
// temporary SQLite database (scripts/cli-golden-fixture.ts), then sends every line as the
// `ubi` program does (`POST /cli`, client version 1.1.0 for lines with "help", else 1.0.0),
// each to a fresh server on a copy of the fixture's database with no transition running: the
// origin runs each line in a rolled-back transaction. The origin's fixture IDs in a line are
// replaced by ours, and its hand-named cluster node VMs mapped to ours both ways. Our answer (status, confirmation or execute header, body) is compared with
// the golden file after normalising IDs (<id1>… per side, in order of appearance), addresses,
// passwords and timestamps; differing lines that hold the same rows in another order are
// counted apart too (the origin's lists follow its forced IDs). -v prints a unified diff per
// differing line; --json=FILE writes every differing line with both sides, normalised.
//   node --import tsx scripts/cli-golden-replay.ts --api [-v] [--only=REGEX] [--json=FILE]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const MIRROR = process.env.UBICLOUD_MIRROR ?? '/work/.mirror/ubicloud+ubicloud/repo';
const DIR = 'spec/routes/api/cli';
const args = process.argv.slice(2);
const verbose = args.includes('-v');
const apiMode = args.includes('--api');
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const jsonOut = args.find((a) => a.startsWith('--json='))?.slice('--json='.length);
const cliPath = args.find((a) => !a.startsWith('-')) ?? 'bff/src/cli/cli.ts';

const git = (...gitArgs: string[]) =>
  execFileSync('git', ['-C', MIRROR, ...gitArgs], { encoding: 'utf8', maxBuffer: 1 << 26 });

/** Ruby's String#shellsplit for the quoting the golden lines use. */
function shellsplit(line: string): string[] {
  const out: string[] = [];
  let cur: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === ' ') {
      if (cur !== null) out.push(cur);
      cur = null;
    } else if (ch === '"' || ch === "'") {
      const end = line.indexOf(ch, i + 1);
      cur = (cur ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (ch === '\\') {
      cur = (cur ?? '') + line[++i];
    } else cur = (cur ?? '') + ch;
  }
  if (cur !== null) out.push(cur);
  return out;
}

/** What the origin's spec expects of a line (spec_helper.rb `cli`). */
interface Expect {
  status: number;
  confirm?: string;
  execute?: string;
}

interface GoldenLine {
  line: string;
  argv: string[];
  kind: string;
  expect: Expect;
  golden: string;
}

function goldenLines(): GoldenLine[] {
  const files = git('ls-tree', '-r', '--name-only', 'HEAD', `${DIR}/golden-file-commands`)
    .split('\n')
    .filter(Boolean);
  const expectOf = (file: string): Expect => {
    const name = path.basename(file, '.txt');
    if (file.includes('/execute/')) return { status: 200, execute: name };
    if (name === 'error') return { status: 400 };
    if (name === 'missing') return { status: 404 };
    if (name === 'confirm') return { status: 200, confirm: 'Confirmation' };
    return { status: 200 };
  };
  const out: GoldenLine[] = [];
  for (const file of files) {
    for (const line of git('show', `HEAD:${file}`).split('\n').filter(Boolean)) {
      const argv = shellsplit(line);
      const words = argv.filter((a, i) => !a.startsWith('-') && argv[i - 1] !== '--confirm');
      const kind = words[0] === 'help' ? 'help' : (words[0] ?? '(none)');
      let golden: string;
      try {
        golden = git('show', `HEAD:${DIR}/golden-files/${line.replaceAll('/', '_')}.txt`);
      } catch {
        golden = '(no golden file)';
      }
      out.push({ line, argv, kind, expect: expectOf(file), golden });
    }
  }
  return out;
}

class NeedsApi extends Error {}

async function stubMode() {
  const { runCommandLine } = (await import(pathToFileURL(path.resolve(cliPath)).href)) as {
    runCommandLine: (argv: string[], s: unknown) => Promise<{ status: number; body: string }>;
  };
  const refuse = () => {
    throw new NeedsApi();
  };
  const session = {
    api: { projectId: 'pj', call: refuse, listAll: refuse },
    clientVersion: '1.0.0',
    ipv6: false,
  };
  type Count = { lines: number; recognised: number; exact: number; api: number };
  const byKind = new Map<string, Count>();
  for (const { line, argv, kind, golden } of goldenLines()) {
    const count = byKind.get(kind) ?? { lines: 0, recognised: 0, exact: 0, api: 0 };
    byKind.set(kind, count);
    count.lines++;
    let body: string;
    try {
      const version = argv.includes('help') ? '1.1.0' : '1.0.0';
      body = (await runCommandLine(argv, { ...session, clientVersion: version })).body;
    } catch (err) {
      if (!(err instanceof NeedsApi)) throw err;
      count.recognised++;
      count.api++;
      continue;
    }
    if (!/^! Invalid (post )?subcommand/.test(body)) count.recognised++;
    if (body === golden || body === `${golden}\n`) count.exact++;
    else if (verbose) console.log(`DIFF ${line}\n--- ours\n${body}--- origin\n${golden}`);
  }
  const total = { lines: 0, recognised: 0, exact: 0, api: 0 };
  console.log('kind      lines  recognised  exact(no API)  reach API');
  for (const [kind, c] of [...byKind].sort()) {
    for (const k of Object.keys(total) as (keyof Count)[]) total[k] += c[k];
    console.log(
      `${kind.padEnd(8)}  ${String(c.lines).padStart(5)}  ${String(c.recognised).padStart(10)}  ${String(c.exact).padStart(13)}  ${String(c.api).padStart(9)}`,
    );
  }
  console.log(
    `${'total'.padEnd(8)}  ${String(total.lines).padStart(5)}  ${String(total.recognised).padStart(10)}  ${String(total.exact).padStart(13)}  ${String(total.api).padStart(9)}`,
  );
}

/**
 * The text compared: IDs (ubid-like words and UUIDs) as <id1>, <id2>… in order of appearance,
 * IPv4 and IPv6 addresses and CIDRs (but the any-address ones), passwords in URLs and in
 * `password:` fields, and timestamps.
 */
export function normalise(text: string): string {
  return unpad(replaceVolatile(text));
}

function replaceVolatile(text: string): string {
  const seen = new Map<string, string>();
  const id = (word: string) => {
    if (!seen.has(word)) seen.set(word, `<id${seen.size + 1}>`);
    return seen.get(word)!;
  };
  return (
    text
      .replace(
        /\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d| UTC| \+\d{4})?/g,
        '<time>',
      )
      .replace(/(:\/\/[^:/\s@]+:)[^@\s]+@/g, '$1<password>@')
      .replace(/(password: )\S+/gi, '$1<password>')
      .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, id)
      // A ubid: a two-character type (`1b` for load balancers) and 24 of Crockford's base32.
      .replace(/\b[0-9a-z]{2}[0-9a-hjkmnp-tv-z]{24}\b/g, (word) =>
        /\d/.test(word) && /[a-z]/.test(word) ? id(word) : word,
      )
      .replace(/(?<![\w.])(?!0\.0\.0\.0\/0\b)\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?(?![\w.])/g, '<ip4>')
      .replace(
        /(?<![\w:])(?!::\/0\b)[0-9a-f]{0,4}(:[0-9a-f]{0,4}){2,7}(\/\d{1,3})?(?![\w:])/g,
        (word) => (word.includes('::') || word.split(':').length > 3 ? '<ip6>' : word),
      )
  );
}

/**
 * A table's column is as wide as its widest value: once an address, a time or a password was
 * replaced, the padding says nothing, so in such a text a run of spaces between words is one
 * separator, and a line's trailing spaces go.
 */
function unpad(text: string): string {
  if (!/<(ip4|ip6|time|password)>/.test(text)) return text;
  return text
    .split('\n')
    .map((line) => line.replace(/(\S) {2,}/g, '$1  ').trimEnd())
    .join('\n');
}

/**
 * Whether two normalised texts hold the same rows in another order. The origin's fixture forces
 * its IDs, and its lists are ordered by ID, so a list's order there says little about ours.
 */
function sameRows(ours: string, origin: string): boolean {
  const rows = (text: string) =>
    text
      .replace(/<id\d+>/g, '<id>')
      .split('\n')
      .sort()
      .join('\n');
  return rows(ours) === rows(origin);
}

/** A unified diff of two texts (ours, the origin's), by `diff -u`. */
function unifiedDiff(ours: string, origin: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'golden-diff-'));
  fs.writeFileSync(path.join(dir, 'origin'), origin);
  fs.writeFileSync(path.join(dir, 'ours'), ours);
  try {
    execFileSync('diff', ['-u', 'origin', 'ours'], { cwd: dir, encoding: 'utf8' });
    return '';
  } catch (err) {
    return String((err as { stdout?: string }).stdout ?? '');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A differing line: what was wrong with the status and headers, and both bodies, normalised. */
interface Outcome {
  line: string;
  kind: string;
  file: string;
  status: string;
  /** The same rows in another order (IDs numbered by appearance read as one). */
  orderOnly: boolean;
  ours: string;
  origin: string;
}

async function replayWithFixture() {
  const { buildFixture, startBff } = await import('./cli-golden-fixture.ts');
  const { sendArgv } = await import('../bff/test/ubi-client.ts');
  const started = Date.now();
  const fixture = await buildFixture();
  console.log(`fixture built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  for (const note of fixture.notes) console.log(`  not as the origin's: ${note}`);
  const lines = goldenLines().filter((g) => !only || new RegExp(only).test(g.line));
  const outcomes: Outcome[] = [];
  type Count = { lines: number; exact: number; differing: number; orderOnly: number };
  const byKind = new Map<string, Count>();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'golden-line-'));
  try {
    for (const g of lines) {
      const count = byKind.get(g.kind) ?? { lines: 0, exact: 0, differing: 0, orderOnly: 0 };
      byKind.set(g.kind, count);
      count.lines++;
      const dataDir = path.join(work, String(outcomes.length));
      fs.cpSync(fixture.dataDir, dataDir, { recursive: true });
      const bff = await startBff(dataDir, fixture.env, false);
      // The origin's IDs as whole words only: a line that lengthens one on purpose keeps it.
      const argv = g.argv.map((arg) => {
        for (const [theirs, ours] of fixture.ids)
          arg = arg.replace(new RegExp(`(?<![0-9a-z])${theirs}(?![0-9a-z])`, 'g'), ours);
        return fixture.names.get(arg) ?? arg;
      });
      let answer;
      try {
        answer = await sendArgv(`${bff.base}/cli`, fixture.token, argv, {
          version: g.argv.includes('help') ? '1.1.0' : '1.0.0',
        });
      } finally {
        await bff.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
      const problems: string[] = [];
      if (answer.status !== g.expect.status)
        problems.push(`status ${answer.status}, not ${g.expect.status}`);
      const execute = answer.headers['ubi-command-execute'];
      const confirm = answer.headers['ubi-confirm'];
      if (g.expect.execute && execute !== g.expect.execute)
        problems.push(`ubi-command-execute ${String(execute)}, not ${g.expect.execute}`);
      if (!g.expect.execute && execute)
        problems.push(`unexpected ubi-command-execute ${String(execute)}`);
      if (g.expect.confirm && confirm !== g.expect.confirm)
        problems.push(`ubi-confirm ${String(confirm)}, not ${g.expect.confirm}`);
      if (!g.expect.confirm && confirm) problems.push(`unexpected ubi-confirm ${String(confirm)}`);
      // Our node VMs' names read as the origin's hand-given ones.
      let body = answer.body;
      for (const [theirs, ours] of fixture.names)
        body = body.replace(new RegExp(`(?<![\\w-])${ours}(?![\\w-])`, 'g'), theirs);
      const ours = normalise(body);
      const origin = normalise(g.golden);
      if (problems.length === 0 && ours === origin) {
        count.exact++;
        continue;
      }
      count.differing++;
      const orderOnly = problems.length === 0 && sameRows(ours, origin);
      if (orderOnly) count.orderOnly++;
      const file = g.expect.execute
        ? `execute/${g.expect.execute}`
        : (({ 400: 'error', 404: 'missing' } as Record<number, string>)[g.expect.status] ??
          (g.expect.confirm ? 'confirm' : 'success'));
      outcomes.push({
        line: g.line,
        kind: g.kind,
        file,
        status: problems.join('; '),
        orderOnly,
        ours,
        origin,
      });
      if (verbose) {
        console.log(
          `DIFF [${file}] ${g.line}${problems.length ? `  (${problems.join('; ')})` : ''}`,
        );
        console.log(unifiedDiff(ours, origin).split('\n').slice(2).join('\n'));
      }
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    await fixture.close();
  }
  const total = { lines: 0, exact: 0, differing: 0, orderOnly: 0 };
  console.log('kind      lines  exact  differing  (order only)');
  for (const [kind, c] of [...byKind].sort()) {
    for (const k of Object.keys(total) as (keyof Count)[]) total[k] += c[k];
    console.log(
      `${kind.padEnd(8)}  ${String(c.lines).padStart(5)}  ${String(c.exact).padStart(5)}  ${String(c.differing).padStart(9)}  ${String(c.orderOnly).padStart(12)}`,
    );
  }
  console.log(
    `${'total'.padEnd(8)}  ${String(total.lines).padStart(5)}  ${String(total.exact).padStart(5)}  ${String(total.differing).padStart(9)}  ${String(total.orderOnly).padStart(12)}`,
  );
  console.log(`in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (jsonOut)
    fs.writeFileSync(jsonOut, JSON.stringify({ notes: fixture.notes, outcomes }, null, 1));
}

async function main() {
  if (!fs.existsSync(MIRROR)) {
    console.log(`no mirror at ${MIRROR}: nothing to replay`);
    return;
  }
  if (apiMode) await replayWithFixture();
  else await stubMode();
}

await main();
