// The OpenAPI 3.1 document, generated from the route table (public `/api` routes only). Every
// schema named with `.meta({ id })` is one entry of `components.schemas`, referenced from
// wherever it is used, so client generators give it its name (decision 261).
import { z } from 'zod';
import { currentErrorSchema, legacyErrorSchema, type Generation } from './errors.ts';
import {
  accessOf,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeyPattern,
  IDEMPOTENT_REPLAYED_HEADER,
  takesIdempotencyKey,
} from './route-helpers.ts';
import { routes, type RouteDef } from './routes.ts';

type Json = Record<string, unknown>;
type Io = 'input' | 'output';

const DEFS = '#/$defs/';
const SCHEMAS = '#/components/schemas/';

/**
 * The named schemas met while the document is built. zod converts each schema on its own, with
 * the named ones it holds in a local `$defs` that a `$ref` in an OpenAPI document cannot reach;
 * they are hoisted here, and each `$ref` to one is pointed at its component once all are known.
 */
export class SchemaComponents {
  /** The JSON Schema of each named schema, by its id, as read (`input`) and as answered (`output`), and the ids it refers to. */
  private readonly defs = new Map<string, Partial<Record<Io, { def: Json; refers: string[] }>>>();
  /** Every `$ref` to a named schema, to be pointed at its component. */
  private readonly refs: { node: Json; id: string; io: Io }[] = [];
  private readonly split = new Map<string, boolean>();

  /** `schema` as JSON Schema 2020-12, its named parts hoisted. */
  convert(schema: z.ZodType, io: Io): Json {
    const {
      $schema: _drop,
      $defs,
      ...root
    } = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      target: 'draft-2020-12',
      override: dropZodFormats,
    }) as Json;
    for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, Json>)) {
      // zod numbers the unnamed schemas it must extract (a cycle) per conversion: their names would clash.
      if (id.startsWith('__schema'))
        throw new Error(
          `A recursive schema needs an id (.meta({ id })) to be in the OpenAPI document: ${JSON.stringify(def).slice(0, 200)}`,
        );
      const forms = this.defs.get(id) ?? {};
      this.defs.set(id, forms);
      forms[io] ??= { def, refers: this.collectRefs(def, io, []) };
    }
    this.collectRefs(root, io, []);
    return root;
  }

  /** Records the `$ref`s in `value`; answers the ids they name. */
  private collectRefs(value: unknown, io: Io, ids: string[]): string[] {
    if (Array.isArray(value)) for (const item of value) this.collectRefs(item, io, ids);
    else if (value !== null && typeof value === 'object') {
      const node = value as Json;
      if (typeof node.$ref === 'string') {
        if (!node.$ref.startsWith(DEFS))
          throw new Error(`Unexpected $ref in a converted schema: ${node.$ref}`);
        const id = node.$ref.slice(DEFS.length).replace(/~1/g, '/').replace(/~0/g, '~');
        this.refs.push({ node, id, io });
        ids.push(id);
      }
      for (const child of Object.values(node)) this.collectRefs(child, io, ids);
    }
    return ids;
  }

  /**
   * Whether a named schema reads otherwise than it answers (a default, a transform), itself or
   * through a named schema it holds: then its input form is a component of its own, `<Id>Input`.
   */
  private isSplit(id: string, path: readonly string[] = []): boolean {
    const known = this.split.get(id);
    if (known !== undefined) return known;
    const { input, output } = this.defs.get(id) ?? {};
    if (!input || !output || path.includes(id)) return false;
    const split =
      JSON.stringify(input.def) !== JSON.stringify(output.def) ||
      input.refers.some((child) => this.isSplit(child, [...path, id]));
    this.split.set(id, split);
    return split;
  }

  private nameOf(id: string, io: Io): string {
    return io === 'input' && this.isSplit(id) ? `${id}Input` : id;
  }

  /** Points every `$ref` at its component; answers `components.schemas`, sorted by name. */
  finish(): Record<string, Json> {
    const out: Record<string, Json> = {};
    for (const [id, forms] of this.defs) {
      for (const io of ['output', 'input'] as const) {
        const form = forms[io];
        if (form) out[this.nameOf(id, io)] ??= form.def;
      }
    }
    for (const ref of this.refs) ref.node.$ref = SCHEMAS + this.nameOf(ref.id, ref.io);
    return sortedByKey(out);
  }
}

/**
 * zod writes `.startsWith()` (and `.endsWith()`, `.includes()`) as a `format` no JSON Schema
 * validator knows, beside the `pattern` that says the same: the pattern alone is kept.
 */
function dropZodFormats({ jsonSchema }: { jsonSchema: { format?: string } }): void {
  if (
    jsonSchema.format === 'starts_with' ||
    jsonSchema.format === 'ends_with' ||
    jsonSchema.format === 'includes'
  )
    delete jsonSchema.format;
}

function sortedByKey<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/** Creates take an Idempotency-Key (decision 073). */
const idempotencyKey: Json = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: within 24 hours (by default), a request with the same key, operation, path and body answers the first answer again ' +
    `(with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`) instead of creating again; the key with another request answers 409, as does one while the first still runs.`,
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: idempotencyKeyPattern.source },
};

function parameters(components: SchemaComponents, operationId: string, route: RouteDef): Json[] {
  const out: Json[] = [];
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    for (const [name, field] of Object.entries(schema.shape)) {
      const fieldSchema = field as z.ZodType;
      out.push({
        name,
        in: where,
        required: where === 'path' || !fieldSchema.safeParse(undefined).success,
        schema: components.convert(fieldSchema, 'input'),
      });
    }
  }
  if (takesIdempotencyKey(operationId, route)) out.push(idempotencyKey);
  return out;
}

const retryAfter = {
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
};

/** The error answers, by status: their component's name and description (behaviour.md §2). */
const ERRORS = {
  400: {
    name: 'BadRequest',
    description:
      '`InvalidRequest`: a parameter, the query or the body is not valid; `details` names the fields.',
  },
  401: {
    name: 'Unauthenticated',
    description:
      '`NotAuthenticated` (no token), `InvalidToken` (invalid, expired or revoked) or `InvalidCredentials` (a wrong login).',
  },
  403: {
    name: 'Forbidden',
    description:
      '`Unauthorized`: the role in the project (or the token) does not allow this, or the request was refused.',
  },
  404: {
    name: 'NotFound',
    description:
      '`ResourceNotFound`: the project, location or resource does not exist, or the caller cannot see it.',
  },
  409: {
    name: 'Conflict',
    description:
      '`Conflict`: the resource is not in a state that allows this, or the Idempotency-Key is in use by another request.',
  },
  413: {
    name: 'PayloadTooLarge',
    description: '`PayloadTooLarge`: the body is larger than 100 kB.',
  },
  422: {
    name: 'UnprocessableContent',
    description:
      "`UnprocessableContent`: the Kubernetes cluster's or node pool's state does not allow this yet (as the origin answers it).",
  },
  429: {
    name: 'TooManyRequests',
    description:
      '`TooManyRequests`: a throttle refused the request; retry after `Retry-After` seconds.',
    headers: retryAfter,
  },
  503: {
    name: 'ServiceUnavailable',
    description:
      '`ServiceUnavailable`: the database cannot serve now; nothing was changed. Retry after `Retry-After` seconds.',
    headers: retryAfter,
  },
  default: {
    name: 'UnexpectedError',
    description:
      'Any other error: `InternalServerError` (quote the `X-Request-Id` header), or `BadGateway` and `GatewayTimeout` in proxy mode.',
  },
} as const satisfies Record<string, { name: string; description: string; headers?: Json }>;

type ErrorStatus = keyof typeof ERRORS;

/**
 * The errors a route can answer, from its place in the table: every route can be refused as
 * malformed (400) or by the database (503). The API's one route without `auth` is the login,
 * which answers 401 to wrong credentials and 403 to an unverified address.
 */
function errorStatuses(operationId: string, r: RouteDef): ErrorStatus[] {
  const inProject = r.path.includes('{project_id}');
  const changes = r.method !== 'get';
  const statuses: ErrorStatus[] = [400, 401];
  // A change with a session cookie needs the CSRF header; a project's role may not allow the route.
  if (!r.auth || changes || (inProject && accessOf(r) !== 'read')) statuses.push(403);
  if (/\{\w+\}/.test(r.path)) statuses.push(404);
  // A change in a project can meet a state that refuses it; a create's Idempotency-Key can be in use.
  if ((changes && inProject) || takesIdempotencyKey(operationId, r)) statuses.push(409);
  if (r.body) statuses.push(413);
  // Kubernetes refusals by state are the origin's 422 (behaviour.md §2).
  if (r.path.includes('/kubernetes-cluster/{') && (changes || r.path.endsWith('/kubeconfig')))
    statuses.push(422);
  if (r.throttled) statuses.push(429);
  statuses.push(503);
  return statuses;
}

const ERROR_SCHEMAS: Record<Generation, z.ZodType> = {
  current: currentErrorSchema,
  legacy: legacyErrorSchema,
};

/**
 * The API document. `withConsole`: also the console's own routes (`/auth/…`), keyed by their
 * full path, for the test kit's types (packages/console-test-kit); the published document
 * (docs/openapi.json) has the API's routes only.
 */
export function openApiDocument({ withConsole = false } = {}): Json {
  const components = new SchemaComponents();
  const responses: Record<string, Json> = {};
  /** A `$ref` to the shared answer for an error of a generation, made on its first use. */
  const errorResponse = (generation: Generation, status: ErrorStatus): Json => {
    const { name, description, ...rest } = ERRORS[status];
    const key = generation === 'legacy' ? `Legacy${name}` : name;
    responses[key] ??= {
      description,
      ...rest,
      content: {
        'application/json': { schema: components.convert(ERROR_SCHEMAS[generation], 'output') },
      },
    };
    return { $ref: `#/components/responses/${key}` };
  };

  const paths: Record<string, Record<string, Json>> = {};
  for (const [operationId, r] of Object.entries(routes) as [string, RouteDef][]) {
    if (r.base !== '/api' && !withConsole) continue;
    const errors = Object.fromEntries(
      [...errorStatuses(operationId, r), 'default' as const].map((status) => [
        status,
        errorResponse(r.generation, status),
      ]),
    );
    const op: Json = {
      operationId,
      summary: r.summary,
      tags: [r.tag],
      security: r.auth ? [{ bearerAuth: [] }] : r.testModeToken ? [{ testModeToken: [] }] : [],
      parameters: parameters(components, operationId, r),
      responses: {
        ...(r.response
          ? {
              200: {
                description: 'OK',
                content: {
                  [r.responseType ?? 'application/json']: {
                    schema: components.convert(r.response, 'output'),
                  },
                },
              },
            }
          : { 204: { description: 'No Content' } }),
        ...(r.accepted ? { 202: { description: `Accepted. ${r.accepted}` } } : {}),
        ...errors,
      },
    };
    if (r.body) {
      // A request without a body is read as `{}` (mount.ts): a body whose fields are all optional may be left out.
      const optional = r.body.safeParse(undefined).success || r.body.safeParse({}).success;
      op.requestBody = {
        required: !optional,
        content: { 'application/json': { schema: components.convert(r.body, 'input') } },
      };
    }
    (paths[withConsole ? r.base + r.path : r.path] ??= {})[r.method] = op;
  }
  const schemas = components.finish();
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cloud Resource Management API',
      version: '0.1.0',
      description:
        'Projects, networking, compute, databases, Kubernetes and code-host integrations. Log in with `POST /login`; send the token from the `authorization` response header as `Authorization: Bearer <token>`.',
    },
    servers: [{ url: '/api' }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        testModeToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Test-Mode-Token',
          description:
            'TEST_MODE_TOKEN, for the instance-level test-mode routes (only with TEST_MODE=1).',
        },
      },
      schemas,
      responses: sortedByKey(responses),
    },
    paths,
  };
}
