// The CLI's way to the API (decision 235): every command is one or more requests to this
// server's own REST routes, over loopback, with the caller's own Authorization header. So a
// command is authorised, validated, audited and answered exactly as the same request sent by
// any other client: a viewer's token cannot create, another project's object is "not found".
// The origin's CLI does the same through its Ruby SDK's in-process adapter.
import { NOT_FOUND_MESSAGE } from '#shared/errors';
import {
  fillPath,
  PathParamError,
  routes,
  type BodyInputOf,
  type OperationId,
  type ParamsOf,
  type ResponseOf,
  type RouteDef,
} from '#shared/routes';

/** An API answer other than 2xx: the status and the error's message and details, as the CLI prints them. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly apiMessage: string,
    readonly details: Record<string, string> | null,
  ) {
    super(`API answered ${status}: ${apiMessage}`);
  }
}

/** A route's path parameters without the project, which the CLI knows. */
export type PathOf<Op extends OperationId> = Omit<ParamsOf<Op>, 'project_id'>;

export interface CallOptions<Op extends OperationId> {
  query?: Record<string, string | number>;
  body?: BodyInputOf<Op>;
}

export interface InternalApi {
  readonly projectId: string;
  call<Op extends OperationId>(
    op: Op,
    params: PathOf<Op>,
    opts?: CallOptions<Op>,
  ): Promise<ResponseOf<Op>>;
  /** Every item of a list route, page after page (the API pages by 10 unless told). */
  listAll<Op extends OperationId>(op: Op, params: PathOf<Op>): Promise<Record<string, unknown>[]>;
}

const PAGE = 1000;

/** Reads the message and details of either error body (legacy flat, current nested). */
function failureOf(status: number, text: string): ApiFailure {
  try {
    const parsed = JSON.parse(text) as {
      error?: { message?: unknown; details?: unknown };
      message?: unknown;
      details?: unknown;
    };
    const inner = parsed.error ?? parsed;
    const details =
      inner.details && typeof inner.details === 'object'
        ? (inner.details as Record<string, string>)
        : null;
    return new ApiFailure(
      status,
      typeof inner.message === 'string' ? inner.message : text,
      details,
    );
  } catch {
    return new ApiFailure(status, text, null);
  }
}

/**
 * The route's path for `params`. A reference that cannot be a path segment (empty, `.`, `..`)
 * names nothing: the API's 404, as the origin answers a name that does not exist.
 */
function pathOf(r: RouteDef, params: Record<string, unknown>, projectId: string): string {
  try {
    return fillPath(r.path, { ...(params as Record<string, string>), project_id: projectId });
  } catch (err) {
    if (!(err instanceof PathParamError)) throw err;
    throw new ApiFailure(404, NOT_FOUND_MESSAGE, null);
  }
}

/**
 * The API of this server as one caller: `origin` is the address the CLI request came in on
 * (`http://127.0.0.1:3000`), `authorization` that request's header, `requestId` its ID (so the
 * audit log ties each change to the CLI request that made it).
 */
export function internalApi(
  origin: string,
  authorization: string,
  requestId: string,
  projectId: string,
): InternalApi {
  async function send(
    r: RouteDef,
    params: Record<string, unknown>,
    opts: { query?: Record<string, string | number>; body?: unknown } = {},
  ): Promise<unknown> {
    const qs = opts.query
      ? new URLSearchParams(Object.entries(opts.query).map(([k, v]) => [k, String(v)])).toString()
      : '';
    const url = `${origin}${r.base}${pathOf(r, params, projectId)}${qs ? `?${qs}` : ''}`;
    const headers: Record<string, string> = {
      authorization,
      'x-request-id': requestId,
      accept: 'application/json',
    };
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(url, {
      method: r.method.toUpperCase(),
      headers,
      body,
      redirect: 'manual',
    });
    const text = await res.text();
    if (res.status < 200 || res.status > 299) throw failureOf(res.status, text);
    if (!r.response) return undefined;
    return r.responseType ? text : (JSON.parse(text) as unknown);
  }

  return {
    projectId,
    async call(op, params, opts) {
      return (await send(routes[op], params as Record<string, unknown>, opts)) as never;
    },
    async listAll(op, params) {
      const items: Record<string, unknown>[] = [];
      let after: string | undefined;
      for (;;) {
        const page = (await send(routes[op], params as Record<string, unknown>, {
          query: { page_size: PAGE, ...(after ? { start_after: after } : {}) },
        })) as {
          items: Record<string, unknown>[];
        };
        items.push(...page.items);
        if (page.items.length < PAGE) return items;
        after = String(page.items.at(-1)!.id);
      }
    },
  };
}
