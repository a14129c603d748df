// Personal access tokens (behaviour.md §11, decision 180): one project each, a name, a role no
// higher than the creator's, an optional expiry. The secret is answered once, by the issue;
// every other answer shows a hint of it.
import { z } from 'zod';
import { idPattern } from '../ids.ts';
import { listSchema, paginationQuerySchema } from '../pagination.ts';
import { resourceName } from '../names.ts';
import { current, idOf, P, project_id, route, type RouteList } from '../route-helpers.ts';
import { ROLES } from '../roles.ts';
import { rfc3339 } from './metrics.ts';

/** Every secret starts with this, so it can be told apart from a JWT and found by secret scanners. */
export const TOKEN_PREFIX = 'cct_';
/** The most tokens one member may hold in one project. */
export const TOKEN_LIMIT = 100;

export const accessTokenSchema = z
  .strictObject({
    id: z.string().regex(idPattern('accessToken')),
    name: z.string(),
    role: z.enum(ROLES),
    /** The prefix and the last 4 characters of the secret, e.g. `cct_…x4Fq`. */
    hint: z.string(),
    created_at: z.iso.datetime(),
    /** Null: the token never expires. */
    expires_at: z.iso.datetime().nullable(),
    last_used_at: z.iso.datetime().nullable(),
    /** The member who created the token, whose role caps it. */
    created_by: z.strictObject({ id: z.string().regex(idPattern('account')), email: z.string() }),
  })
  .meta({ id: 'AccessToken' });
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const accessTokenListSchema = listSchema(accessTokenSchema).meta({ id: 'AccessTokenList' });
export type AccessTokenList = z.infer<typeof accessTokenListSchema>;

/** The issue's answer: the record and, this once, the secret. */
export const issuedAccessTokenSchema = z
  .strictObject({ ...accessTokenSchema.shape, token: z.string().startsWith(TOKEN_PREFIX) })
  .meta({ id: 'IssuedAccessToken' });
export type IssuedAccessToken = z.infer<typeof issuedAccessTokenSchema>;

export const issueTokenBodySchema = z
  .strictObject({
    name: resourceName('accessToken'),
    role: z.enum(ROLES, { error: `role must be one of: ${ROLES.join(', ')}.` }),
    /** Absent or null: the token never expires. */
    expires_at: rfc3339('expires_at').nullable().optional(),
  })
  .meta({ id: 'IssueTokenBody' });
export type IssueTokenBody = z.infer<typeof issueTokenBodySchema>;

const tokenParams = z.strictObject({ project_id, token_id: idOf('accessToken', 'token') });
const tag = 'Token';
const PATH = `${P}/token`;

// Any member works with their own tokens; the handlers let admins see and revoke every token of
// the project, and refuse an issue by a token (decision 180). `issueToken` is not named create*
// on purpose: an Idempotency-Key would store its answer, the secret, at rest (decision 073).
export const tokenRoutes = {
  listTokens: route({
    ...current,
    method: 'get',
    path: PATH,
    tag,
    summary:
      "List personal access tokens: the caller's own, or every token of the project for an admin",
    params: z.strictObject({ project_id }),
    query: paginationQuerySchema,
    response: accessTokenListSchema,
    access: 'read',
  }),
  issueToken: route({
    ...current,
    method: 'post',
    path: PATH,
    tag,
    summary:
      'Create a personal access token for this project; the answer holds its secret, shown this once',
    params: z.strictObject({ project_id }),
    body: issueTokenBodySchema,
    response: issuedAccessTokenSchema,
    access: 'read',
  }),
  getToken: route({
    ...current,
    method: 'get',
    path: `${PATH}/{token_id}`,
    tag,
    summary: 'Get a personal access token (without its secret)',
    params: tokenParams,
    response: accessTokenSchema,
    access: 'read',
  }),
  deleteToken: route({
    ...current,
    method: 'delete',
    path: `${PATH}/{token_id}`,
    tag,
    summary: 'Revoke a personal access token (its creator, or an admin); it stops working at once',
    params: tokenParams,
    access: 'read',
  }),
} as const satisfies RouteList;
