// `POST /cli` and `POST /api/cli`: the endpoint of the origin system's command line program
// `ubi` (decision 235). It sends `{"argv": [...]}` with `Authorization: Bearer: <token>`; the
// answer is text: a 2xx body is printed to stdout, any other to stderr; `ubi-command-execute`
// asks it to run ssh, scp, sftp or psql, and `ubi-confirm` to ask the user and send again.
// Outside the route table: the answer is text, and the commands run through the API's routes.
import express, { type Express, type Request, type Response } from 'express';
import { isId } from '#shared/ids';
import type { AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { authenticate, type AuthInfo } from '../auth/auth.ts';
import { answeredError } from '../http/errors.ts';
import { clientVersionOf, runCommandLine } from './cli.ts';
import type { CliReply } from './command.ts';
import { ApiFailure, internalApi } from './internal-api.ts';

export const CLI_PATHS = ['/cli', '/api/cli'];
/** The project of a login token (which has none of its own) when its account has several. */
export const PROJECT_HEADER = 'x-ubi-project';
const MAX_ARGS = 1000;

const INVALID_ARGV = '! Invalid request: No or invalid argv parameter provided\n';
const NO_TOKEN = '! Invalid request: No valid personal access token provided\n';
const INVALID_TOKEN = '! Invalid personal access token provided\n';
/** `Bearer <token>` or the origin's CLI's `Bearer: <token>`. */
const BEARER = /^Bearer:?\s+\S/i;

function send(res: Response, { status, body, headers = {} }: CliReply): void {
  res.status(status);
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.setHeader('Cache-Control', 'no-store');
  res.type('text/plain; charset=utf-8').send(body);
}

function validArgv(body: unknown): string[] | undefined {
  const argv = (body as { argv?: unknown } | undefined)?.argv;
  if (!Array.isArray(argv) || argv.length > MAX_ARGS) return undefined;
  // NUL separates the arguments of an ssh or psql answer; no argument may hold one.
  return argv.every((a) => typeof a === 'string' && !a.includes('\0'))
    ? (argv as string[])
    : undefined;
}

/** This server as its own client: the address and port the request came in on. */
function selfOrigin(req: Request): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return `http://${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`;
}

/**
 * The project the commands act on: a personal access token's own project (the origin's
 * rule); for a login token, the project named by `X-Ubi-Project`, or the account's only one.
 */
async function projectOf(
  req: Request,
  auth: AuthInfo,
  origin: string,
  authorization: string,
  requestId: string,
): Promise<string | CliReply> {
  if (auth.token) return auth.token.projectId;
  const named = req.headers[PROJECT_HEADER];
  if (typeof named === 'string') {
    return isId('project', named)
      ? named
      : { status: 400, body: `! Invalid ${PROJECT_HEADER} header: not a project ID\n` };
  }
  const projects = await internalApi(origin, authorization, requestId, '').call(
    'listProjects',
    {},
    { query: { page_size: 2 } },
  );
  if (projects.items.length === 1) return projects.items[0]!.id;
  return {
    status: 400,
    body: `! This login token's account has ${projects.items.length ? 'several projects' : 'no project'}: use a personal access token of the project (UBI_TOKEN=cct_…), or name the project in the ${PROJECT_HEADER} header\n`,
  };
}

export function mountCli(app: Express, ctx: AppContext): void {
  const parseJson = express.json({ limit: '100kb', type: () => true });
  app.post(CLI_PATHS, async (req, res) => {
    try {
      // Bearer tokens only: a cookie alone is no credential here (no CSRF to check either).
      // As the origin answers: no bearer token at all is a bad request (400); a token that
      // is not valid (unknown, expired, revoked) is 401.
      const authorization = req.headers.authorization;
      if (authorization === undefined || !BEARER.test(authorization))
        return send(res, { status: 400, body: NO_TOKEN });
      let auth: Awaited<ReturnType<typeof authenticate>>;
      try {
        auth = await authenticate(ctx, req, { tokens: true });
      } catch (err) {
        if (err instanceof ApiError && err.status === 401)
          return send(res, { status: 401, body: INVALID_TOKEN });
        throw err;
      }
      let body: unknown;
      try {
        await new Promise<void>((resolve, reject) =>
          parseJson(req, res, (err?: unknown) => (err ? reject(err) : resolve())),
        );
        body = req.body;
      } catch {
        body = undefined;
      }
      const argv = validArgv(body);
      if (!argv) return send(res, { status: 400, body: INVALID_ARGV });
      const origin = selfOrigin(req);
      const requestId = String(res.getHeader('X-Request-Id'));
      const project = await projectOf(req, auth, origin, authorization, requestId);
      if (typeof project !== 'string') return send(res, project);
      const local = (req.socket.localAddress ?? '').replace(/^::ffff:/, '');
      const answer = await runCommandLine(argv, {
        api: internalApi(origin, authorization, requestId, project),
        clientVersion: clientVersionOf(req.get('x-ubi-version')),
        ipv6: local.includes(':'),
      });
      send(res, answer);
    } catch (err) {
      if (err instanceof ApiFailure)
        return send(res, { status: err.status, body: `! ${err.apiMessage}\n` });
      const answer = answeredError(err);
      if (answer.status >= 500 && !(err instanceof ApiError)) res.err = err as Error;
      for (const [k, v] of Object.entries(answer.headers)) res.setHeader(k, v);
      send(res, { status: answer.status, body: `! ${answer.message}\n` });
    }
  });
}
