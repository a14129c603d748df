// The console's request and answer types by operation ID, from the types openapi-typescript
// makes of the routes (openapi.gen.ts, written by the console's `npm run openapi`).
import type { components, operations } from './openapi.gen.ts';

export type { components, operations };

/** An operation of the console: the API's (docs/openapi.json) and the console's own (`/auth/…`). */
export type OperationId = keyof operations;

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;

/** What the operation answers on success (undefined for a 204). */
export type ResponseOf<Op extends OperationId> = operations[Op]['responses'] extends {
  200: infer R;
}
  ? Json<R>
  : undefined;

/** The operation's path parameters. */
export type ParamsOf<Op extends OperationId> = operations[Op]['parameters'] extends {
  path: infer P;
}
  ? P
  : never;

/** The operation's query parameters. */
export type QueryOf<Op extends OperationId> = operations[Op]['parameters'] extends {
  query?: infer Q;
}
  ? Q
  : never;

/** The operation's JSON body. */
export type BodyInputOf<Op extends OperationId> = Json<NonNullable<operations[Op]['requestBody']>>;

export type Project = components['schemas']['Project'];
