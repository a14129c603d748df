// Calls this BFF makes to the upstream itself (sign-in, whoami, sign-out, the /auth routes),
// with the request's id and the configured timeout; and the errors for an upstream that cannot
// answer (decision 221).
import type { Request, Response } from 'express';
import type { AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';

export const upstreamUnreachable = () =>
  new ApiError('BadGateway', 'The upstream API is unreachable. Try again in a few seconds.', null, {
    'Retry-After': '5',
  });
export const upstreamTimedOut = () =>
  new ApiError(
    'GatewayTimeout',
    'The upstream API did not answer in time. Try again in a few seconds.',
    null,
    { 'Retry-After': '5' },
  );

export interface UpstreamAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** The request's id (logging.ts sets it on every answer), passed on so both logs share it. */
export function requestIdOf(res: Response): string {
  return String(res.getHeader('X-Request-Id') ?? '');
}

/**
 * A request to the upstream at `path` (`/api/…` or `/auth/…`); 502 when it cannot be reached,
 * 504 when it does not answer within UPSTREAM_TIMEOUT_MS. The body is read whole: these are
 * small JSON answers (the API's streams go through forward.ts).
 */
export async function callUpstream(
  ctx: AppContext,
  res: Response,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
    token,
  }: { method?: string; headers?: Record<string, string>; body?: Buffer | string; token?: string },
): Promise<UpstreamAnswer> {
  const upstream = ctx.config.upstream!;
  const sent: Record<string, string> = {
    accept: 'application/json',
    ...headers,
    'x-request-id': requestIdOf(res),
  };
  if (token) sent.authorization = `Bearer ${token}`;
  try {
    const answer = await fetch(upstream.base + path, {
      method,
      headers: sent,
      body: typeof body === 'string' || body === undefined ? body : new Uint8Array(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(upstream.timeoutMs),
    });
    return {
      status: answer.status,
      headers: answer.headers,
      body: Buffer.from(await answer.arrayBuffer()),
    };
  } catch (err) {
    res.err = err as Error; // the cause goes to the request's log line, never to the client
    throw (err as Error).name === 'TimeoutError' ? upstreamTimedOut() : upstreamUnreachable();
  }
}

/** The upstream's answer as it is: status, body and the headers that describe it (decision 221). */
export function relay(res: Response, answer: UpstreamAnswer): void {
  for (const name of ['content-type', 'retry-after', 'content-disposition']) {
    const value = answer.headers.get(name);
    if (value !== null) res.setHeader(name, value);
  }
  res.status(answer.status);
  if (answer.status === 204 || answer.status === 304) res.end();
  else res.end(answer.body);
}

/** The JSON of an answer, or undefined when it is not JSON. */
export function jsonOf(answer: UpstreamAnswer): unknown {
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The upstream's origin, sent as `Origin` on requests the browser sent same-origin to us. */
export const upstreamOrigin = (ctx: AppContext) => new URL(ctx.config.upstream!.base).origin;

/** The raw body of a request (the /auth routes read at most 100 kB). */
export async function rawBody(req: Request, limit = 100 * 1024): Promise<Buffer | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new ApiError('PayloadTooLarge', 'Request body is larger than 100 kB.');
    chunks.push(chunk);
  }
  return size ? Buffer.concat(chunks) : undefined;
}
