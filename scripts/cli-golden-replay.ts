// Replays the origin's `ubi` golden command lines (ubicloud/ubicloud,
// spec/routes/api/cli/golden-file-commands) against our command tree, from the local mirror
// when present, and counts by kind: lines we recognise (not "invalid (post) subcommand"), and
// lines whose output needs no API call and equals the origin's golden file exactly (help,
// usage and argument errors). Lines that reach the API need the origin's fixture (its IDs,
// addresses and timestamps), which this script does not build: they are counted as "api".
//   node --import tsx scripts/cli-golden-replay.ts [path/to/cli.ts] [-v]
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const MIRROR = process.env.UBICLOUD_MIRROR ?? '/work/.mirror/ubicloud+ubicloud/repo';
const DIR = 'spec/routes/api/cli';
const verbose = process.argv.includes('-v');
const cliPath = process.argv.slice(2).find((a) => a !== '-v') ?? 'bff/src/cli/cli.ts';

const git = (...args: string[]) =>
  execFileSync('git', ['-C', MIRROR, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });

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

class NeedsApi extends Error {}

async function main() {
  if (!existsSync(MIRROR)) {
    console.log(`no mirror at ${MIRROR}: nothing to replay`);
    return;
  }
  const { runCommandLine } = (await import(pathToFileURL(path.resolve(cliPath)).href)) as {
    runCommandLine: (argv: string[], s: unknown) => Promise<{ status: number; body: string }>;
  };
  const files = git('ls-tree', '-r', '--name-only', 'HEAD', `${DIR}/golden-file-commands`)
    .split('\n')
    .filter(Boolean);
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
  for (const file of files) {
    for (const line of git('show', `HEAD:${file}`).split('\n').filter(Boolean)) {
      const argv = shellsplit(line);
      const words = argv.filter((a, i) => !a.startsWith('-') && argv[i - 1] !== '--confirm');
      const kind = words[0] === 'help' ? 'help' : (words[0] ?? '(none)');
      const count = byKind.get(kind) ?? { lines: 0, recognised: 0, exact: 0, api: 0 };
      byKind.set(kind, count);
      count.lines++;
      let golden: string;
      try {
        golden = git('show', `HEAD:${DIR}/golden-files/${line.replaceAll('/', '_')}.txt`);
      } catch {
        golden = '(no golden file)';
      }
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

await main();
