// The single HTTP client of the console. URLs come from the route map generated from the
// shared route table, and success bodies are typed by its response schemas. The schemas are not
// loaded here: the BFF's answers are checked against them by its own tests (decision 155), so
// the first screen does not carry every kind's schemas. Error bodies become an ApiError.
// The session is an HttpOnly cookie the browser sends by itself; unsafe requests add the
// CSRF token that GET /auth/session hands out (kept in memory only).
import type { z } from 'zod';
import type { BodyInputOf, OperationId, ParamsOf, ResponseOf, Routes } from '#shared/routes';
import {
  CSRF_HEADER,
  ERROR_STATUS,
  fillPath,
  isErrorType,
  NOT_FOUND_MESSAGE,
  PathParamError,
  type ErrorType,
} from '#shared/wire';
import { routeMap } from './route-map.gen.ts';

/** What a request sends as its query string: the schema's input (strings before transforms). */
export type QueryInputOf<Op extends OperationId> = Routes[Op] extends {
  query: infer Q extends z.ZodType;
}
  ? z.input<Q>
  : undefined;

type Fields<Op extends OperationId> = {
  params: ParamsOf<Op>;
  query: QueryInputOf<Op>;
  body: BodyInputOf<Op>;
};
/** `params`, `query` and `body` are required exactly when the route has them. */
export type RequestArgs<Op extends OperationId> = {
  [K in keyof Fields<Op> as Fields<Op>[K] extends undefined ? never : K]: Fields<Op>[K];
} & { signal?: AbortSignal };

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly type: ErrorType | 'NetworkError' | 'UnexpectedResponse',
    message: string,
    /** Field → message, as the server sent it. */
    readonly details: Record<string, string> | null = null,
    /** `X-Request-Id` of the response, for support. */
    readonly requestId: string | null = null,
  ) {
    super(message);
  }

  /** The session is missing, expired or revoked (not: wrong password on sign-in). */
  get isUnauthenticated(): boolean {
    return this.type === 'NotAuthenticated' || this.type === 'InvalidToken';
  }
}

/** Any failure as an ApiError, to show in a form ("Something went wrong" when it is not one). */
export function asApiError(err: unknown): ApiError {
  return err instanceof ApiError
    ? err
    : new ApiError(0, 'UnexpectedResponse', 'Something went wrong. Try again.');
}

let csrfToken: string | null = null;
let onUnauthenticated: ((op: OperationId) => void) | null = null;

/** A change this tab asked for and the server made: its request's path parameters and answer. */
export interface OwnChange {
  params: Record<string, string>;
  answer: unknown;
  /** When the request was sent (ms). */
  sentAt: number;
}
let onOwnChange: ((change: OwnChange) => void) | null = null;

/** Set from the session response; cleared on sign-out. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Called when any request other than the session probe finds the session gone. */
export function setUnauthenticatedHandler(handler: ((op: OperationId) => void) | null): void {
  onUnauthenticated = handler;
}

/** Called after each successful request that is not a GET (the activity list tells its events apart). */
export function setOwnChangeHandler(handler: ((change: OwnChange) => void) | null): void {
  onOwnChange = handler;
}

/** Whether the server answered the last request (any status); false after one got no answer. */
let reachable = true;
const reachabilityListeners = new Set<() => void>();

function setReachable(next: boolean): void {
  if (next === reachable) return;
  reachable = next;
  reachabilityListeners.forEach((listener) => listener());
}

export function serverReachable(): boolean {
  return reachable;
}

/** Calls `listener` when the server stops or starts answering; returns the unsubscribe. */
export function onReachabilityChange(listener: () => void): () => void {
  reachabilityListeners.add(listener);
  return () => reachabilityListeners.delete(listener);
}

export function urlFor<Op extends OperationId>(
  op: Op,
  params?: Record<string, string>,
  query?: Record<string, unknown>,
): string {
  const [, path] = routeMap[op];
  let url = params ? fillPath(path, params) : path;
  if (query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query))
      if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
    const s = qs.toString();
    if (s) url += `?${s}`;
  }
  return url;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The error of a body in either shape: current routes nest it, legacy routes (subnets and VMs by name) answer it flat. */
function errorOf(
  json: unknown,
): { type: ErrorType; message: string; details: Record<string, string> | null } | undefined {
  const inner = isObject(json) && isObject(json.error) ? json.error : json;
  if (!isObject(inner) || !isErrorType(inner.type) || typeof inner.message !== 'string')
    return undefined;
  const details =
    isObject(inner.details) && Object.values(inner.details).every((v) => typeof v === 'string')
      ? (inner.details as Record<string, string>)
      : null;
  return { type: inner.type, message: inner.message, details };
}

async function errorFrom(res: Response): Promise<ApiError> {
  const requestId = res.headers.get('x-request-id');
  const text = await res.text().catch(() => '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const body = errorOf(json);
  if (body) return new ApiError(res.status, body.type, body.message, body.details, requestId);
  // Not one of ours (a proxy in between, or a crash before the error middleware).
  const type = (Object.entries(ERROR_STATUS).find(([, s]) => s === res.status)?.[0] ??
    'InternalServerError') as ErrorType;
  return new ApiError(
    res.status,
    type,
    `The server answered ${res.status} ${res.statusText}`.trim() + '.',
    null,
    requestId,
  );
}

export async function apiRequest<Op extends OperationId>(
  op: Op,
  args: RequestArgs<Op>,
): Promise<ResponseOf<Op>> {
  const [method, , answers] = routeMap[op];
  const a = args as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'get' && csrfToken) headers[CSRF_HEADER] = csrfToken;
  if (a.body !== undefined) headers['Content-Type'] = 'application/json';

  let url: string;
  try {
    url = urlFor(op, a.params, a.query);
  } catch (err) {
    // A name like `..` (from the address bar) names no object: its page says "not found".
    if (err instanceof PathParamError)
      throw new ApiError(404, 'ResourceNotFound', NOT_FOUND_MESSAGE);
    throw err;
  }
  const sentAt = Date.now();
  let res: Response;
  try {
    res = await fetch(url, {
      method: method.toUpperCase(),
      headers,
      body: a.body === undefined ? undefined : JSON.stringify(a.body),
      credentials: 'same-origin',
      signal: a.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    setReachable(false);
    throw new ApiError(
      0,
      'NetworkError',
      'Could not reach the server. Check your connection and try again.',
    );
  }
  setReachable(true);

  if (!res.ok) {
    const error = await errorFrom(res);
    if (error.isUnauthenticated && op !== 'consoleSession') onUnauthenticated?.(op);
    throw error;
  }
  const changed = (answer: unknown) => {
    if (method !== 'get') onOwnChange?.({ params: a.params ?? {}, answer, sentAt });
  };
  if (!answers || res.status === 204) {
    changed(undefined);
    return undefined as ResponseOf<Op>;
  }
  const body: unknown = await res.json().catch(() => undefined);
  // Not JSON at all: something between the console and its BFF answered (a proxy's page).
  if (body === undefined || !(res.headers.get('content-type') ?? '').includes('json')) {
    throw new ApiError(
      res.status,
      'UnexpectedResponse',
      'The server sent a response the console does not understand.',
      null,
      res.headers.get('x-request-id'),
    );
  }
  changed(body);
  return body as unknown as ResponseOf<Op>;
}
