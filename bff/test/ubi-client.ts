// The origin system's command line program `ubi` (ubicloud/ubicloud, cli/ubi.go), replayed on
// the wire: `POST <UBI_URL>` with `{"argv": [...]}` (Go's encoding escapes <, > and &),
// `Authorization: Bearer: <UBI_TOKEN>`, `X-Ubi-Version`, `Content-Type: application/json`,
// `Accept: text/plain`, `Connection: close`. What it does with the answer is ported too: a
// 2xx body goes to stdout and any other to stderr (exit 1); `ubi-confirm` prints the body and
// the prompt, reads an answer and sends the argv again after `--confirm <answer>` (once);
// `ubi-command-execute` names a program that must be in the original argv and allowed, and
// the NUL-separated arguments must pass `validateArguments` before it would run. Go is not on
// these machines, so the test speaks its exact HTTP with node:http rather than running it.
import http from 'node:http';

export interface UbiAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface UbiRun {
  /** What the program printed to stdout and to stderr, and its exit status (0 when it would run a program). */
  stdout: string;
  stderr: string;
  exit: number;
  /** The program it would run and its arguments, once validated. */
  exec?: { program: string; args: string[] };
  /** Every answer, in order (two after a confirmation). */
  answers: UbiAnswer[];
}

/** Go's json.Marshal: HTML-safe escapes of <, > and &. */
const goJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);

export function sendArgv(
  url: string,
  token: string,
  argv: string[],
  opts: { version?: string; headers?: Record<string, string> } = {},
): Promise<UbiAnswer> {
  const body = goJson({ argv });
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer: ${token}`,
          'x-ubi-version': opts.version ?? 'undefined',
          'content-type': 'application/json',
          accept: 'text/plain',
          connection: 'close',
          'content-length': Buffer.byteLength(body),
          ...opts.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const ALLOWED_COMMANDS = new Set(['ssh', 'scp', 'sftp', 'psql', 'pg_dump', 'pg_dumpall']);

/**
 * ubi.go's validateArguments: every argument must be one of the original argv (`osArgs`, the
 * program's own name included), except `--` (which must be there, unless pg_dumpall got its
 * `-d…`) and exactly one argument after it. Answers the program's error message, or undefined.
 */
export function validateArguments(
  osArgs: readonly string[],
  prog: string,
  received: readonly string[],
): string | undefined {
  const original = new Set(osArgs);
  let seenCustom = false;
  let pgDumpall = false;
  let seenSep = false;
  for (const arg of received) {
    if (arg === '--') seenSep = true;
    else if (!original.has(arg)) {
      if (seenCustom) return '! Invalid server response, multiple arguments not in submitted argv';
      if (seenSep) seenCustom = true;
      else if (prog === 'pg_dumpall' && arg.startsWith('-d')) {
        seenCustom = true;
        pgDumpall = true;
      } else return "! Invalid server response, argument before '--' not in submitted argv";
    }
  }
  if (!seenSep && !pgDumpall) return "! Invalid server response, no '--' in returned argv";
  return undefined;
}

/**
 * Runs `ubi <argv…>` as the program would, with `answer` typed at a confirmation prompt.
 * Nothing is executed: a validated program and its arguments are returned.
 */
export async function ubi(
  url: string,
  token: string,
  argv: string[],
  opts: { answer?: string; version?: string; headers?: Record<string, string> } = {},
): Promise<UbiRun> {
  const osArgs = ['ubi', ...argv];
  const run: UbiRun = { stdout: '', stderr: '', exit: 0, answers: [] };
  let allowConfirmation = true;
  let args = argv;
  for (;;) {
    const answer = await sendArgv(url, token, args, opts);
    run.answers.push(answer);
    if (answer.status < 200 || answer.status > 299) {
      run.stderr += answer.body;
      run.exit = 1;
      return run;
    }
    const prog = answer.headers['ubi-command-execute'];
    const prompt = answer.headers['ubi-confirm'];
    if (typeof prog === 'string' && prog !== '') {
      if (!osArgs.includes(prog))
        return {
          ...run,
          stderr:
            run.stderr + '! Invalid server response, not executing program not in original argv\n',
          exit: 1,
        };
      if (!ALLOWED_COMMANDS.has(prog))
        return {
          ...run,
          stderr: run.stderr + '! Invalid server response, unsupported program requested\n',
          exit: 1,
        };
      const received = answer.body.split('\0');
      const invalid = validateArguments(osArgs, prog, received);
      if (invalid) return { ...run, stderr: `${run.stderr}${invalid}\n`, exit: 1 };
      run.exec = { program: prog, args: received };
      return run;
    }
    if (typeof prompt === 'string' && prompt !== '') {
      if (!allowConfirmation)
        return {
          ...run,
          stderr: run.stderr + '! Invalid server response, repeated confirmation attempt\n',
          exit: 1,
        };
      allowConfirmation = false;
      run.stdout += `${answer.body}\n${prompt}: `;
      if (opts.answer === undefined)
        return { ...run, stderr: run.stderr + '! Error reading confirmation\n', exit: 1 };
      args = ['--confirm', opts.answer, ...argv];
      continue;
    }
    run.stdout += answer.body;
    return run;
  }
}

/** `ubi …` against a test server with one token (and `defaults`, e.g. a project header): `ok` expects a success, `fails` a 400-class refusal. */
export function ubiAs(url: string, token: string, defaults: Parameters<typeof ubi>[3] = {}) {
  const run = (argv: string[], opts: Parameters<typeof ubi>[3] = {}) =>
    ubi(url, token, argv, { ...defaults, ...opts });
  return {
    run,
    async ok(argv: string[], opts: Parameters<typeof ubi>[3] = {}): Promise<string> {
      const r = await run(argv, opts);
      if (r.exit !== 0 || r.stderr !== '')
        throw new Error(`ubi ${argv.join(' ')} failed: ${r.stderr}`);
      return r.stdout;
    },
    /** The status and stderr of a command that must fail. */
    async fails(argv: string[]): Promise<{ status: number; stderr: string }> {
      const r = await run(argv);
      if (r.exit === 0) throw new Error(`ubi ${argv.join(' ')} succeeded: ${r.stdout}`);
      return { status: r.answers.at(-1)!.status, stderr: r.stderr };
    },
  };
}
