// The OpenAPI 3.1 document, generated from the route table (public `/api` routes only).
import { z } from 'zod';
import { currentErrorSchema, legacyErrorSchema } from './errors.ts';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyPattern, IDEMPOTENT_REPLAYED_HEADER, takesIdempotencyKey } from './route-helpers.ts';
import { routes, type RouteDef } from './routes.ts';

type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  return rest;
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

function parameters(operationId: string, route: RouteDef): Json[] {
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
        schema: jsonSchema(fieldSchema, 'input'),
      });
    }
  }
  if (takesIdempotencyKey(operationId, route)) out.push(idempotencyKey);
  return out;
}

export function openApiDocument(): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const [operationId, r] of Object.entries(routes) as [string, RouteDef][]) {
    if (r.base !== '/api') continue;
    const error = { description: 'Error', content: { 'application/json': { schema: jsonSchema(r.generation === 'legacy' ? legacyErrorSchema : currentErrorSchema, 'output') } } };
    const op: Json = {
      operationId,
      summary: r.summary,
      tags: [r.tag],
      parameters: parameters(operationId, r),
      responses: {
        ...(r.response
          ? { 200: { description: 'OK', content: { [r.responseType ?? 'application/json']: { schema: jsonSchema(r.response, 'output') } } } }
          : { 204: { description: 'No Content' } }),
        default: error,
      },
    };
    if (r.body) {
      const optional = r.body.safeParse(undefined).success;
      op.requestBody = { required: !optional, content: { 'application/json': { schema: jsonSchema(r.body, 'input') } } };
    }
    if (r.auth) op.security = [{ bearerAuth: [] }];
    (paths[r.path] ??= {})[r.method] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cloud Resource Management API',
      version: '0.1.0',
      description:
        'Projects, networking, compute, databases, Kubernetes and code-host integrations. Log in with `POST /login`; send the token from the `authorization` response header as `Authorization: Bearer <token>`.',
    },
    servers: [{ url: '/api' }],
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
