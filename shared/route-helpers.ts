// What every kind's route list and descriptor are written with: the route shape, the path
// parameters shared by all kinds, and the descriptor of a resource kind.
import { z } from 'zod';
import type { Generation } from './errors.ts';
import { idPattern, type IdKind } from './ids.ts';
import { resourceName } from './names.ts';
import type { Access } from './roles.ts';

type AnyObject = z.ZodObject<z.ZodRawShape>;

export interface RouteDef {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** `/api` for the public REST API, `/auth` for the console's cookie session endpoints. */
  base: '/api' | '/auth';
  path: string;
  generation: Generation;
  /** Whether the caller must be signed in. */
  auth: boolean;
  summary: string;
  tag: string;
  params?: AnyObject;
  query?: AnyObject;
  body?: z.ZodType;
  /** Absent for 204 No Content. */
  response?: z.ZodType;
  /**
   * When the route may answer 202 Accepted (no body) instead: work it waited for goes on after
   * the answer (a forced project delete that took longer than its wait). Documented as given.
   */
  accepted?: string;
  /** A file answered as text of this media type instead of JSON (a database's CA certificate). */
  responseType?: string;
  /** What a member's role must allow inside a project (shared/roles.ts); by default `read` for GET, `write` otherwise. */
  access?: Access;
  /** An instance-level test-mode route: the caller sends TEST_MODE_TOKEN in the Test-Mode-Token header (docs/testing.md). */
  testModeToken?: true;
  /** Whether a throttle may refuse it with 429 (failed logins, sign-ups, mails, invitations; decisions 066, 067). */
  throttled?: true;
}

/** The access a route needs of the caller's role in the project of its path. */
export function accessOf(route: RouteDef): Access {
  return route.access ?? (route.method === 'get' ? 'read' : 'write');
}

export function route<const R extends RouteDef>(definition: R): R {
  return definition;
}

/** A kind's routes keyed by operationId (merged into THE route table in routes.ts). */
export type RouteList = Record<string, RouteDef>;

/**
 * One resource kind as the generic code sees it: the BFF's lookups, lists, name checks and
 * the project's "holds resources" check, and the console's polling.
 */
export interface KindDescriptor {
  /** The ID kind (and so the prefix) of its objects. */
  idKind: IdKind;
  /** The BFF's table of its objects (columns id, project_id, name, and location when located). */
  table: string;
  /** Labels in messages: "the VM", "2 VMs". */
  singular: string;
  plural: string;
  /** States an object passes through on its own; the console polls while one is on screen. */
  transitionalStates: readonly string[];
  /** Kinds that live inside one object of this kind (a firewall's rules, a subnet's NICs). */
  children: readonly IdKind[];
  /** Whether its objects live in a location; names are then unique per project and location. */
  inLocation: boolean;
  /** Its objects' `type` in `GET P/object-info/{id}` when the origin's is not the table's name in words ("postgres resource"). */
  objectType?: string;
  /**
   * False: its changes write no project events (webhook endpoints: their own bookkeeping, the
   * fan-out's cursor, would otherwise feed the fan-out that moves it; decision 210).
   */
  events?: false;
  /**
   * A column holding the ID of the object of another kind that an object serves (a database's
   * servers and a cluster's nodes are VMs): those are hidden from the kind's lists, lookups
   * and counts, and not counted by its quota.
   */
  serviceOf?: string;
  /** The most objects of the kind one project may hold (behaviour.md §13). */
  quota?: Quota & {
    /** A column set on objects made along with another one (a subnet's default firewall): those go with it and are not counted. */
    notCounting?: string;
  };
  /** The most children one object may hold (a firewall's rules); `plural` names them in messages. */
  childQuota?: Quota & { plural: string };
}

/** A limit the BFF enforces, changed by its setting (an environment variable). */
export interface Quota {
  setting: `${string}_QUOTA`;
  /** The limit unless configured. */
  default: number;
}

/** Keeps the literal types of the table and `inLocation`, so the BFF can check them against its schema. */
export function resourceKind<const T extends string, const L extends boolean>(
  descriptor: KindDescriptor & { table: T; inLocation: L },
): KindDescriptor & { table: T; inLocation: L } {
  return descriptor;
}

export const projectIdSchema = z
  .string()
  .regex(idPattern('project'), 'Project ID must be "pj" followed by 24 base32 characters.');

/** The prefix of every route inside a project. */
export const P = '/project/{project_id}';
export const project_id = projectIdSchema;
/** Locations are checked by the BFF (404 with the valid ones), not by the schema. */
const location = z.string();
export const idOf = (kind: IdKind, what: string) =>
  z.string().regex(idPattern(kind), `Must be a ${what} ID.`);
/** Path parameters of a location: legacy routes say `location_name`, current ones `location`. */
export const legacyLoc = { project_id, location_name: location };
export const currentLoc = { project_id, location };
export const inProject = z.strictObject({ project_id });
export const inLegacyLocation = z.strictObject(legacyLoc);
export const inLocation = z.strictObject(currentLoc);

export const legacy = { base: '/api', generation: 'legacy', auth: true } as const;
export const current = { base: '/api', generation: 'current', auth: true } as const;

/** The body of every kind's rename. */
export const renameBodySchema = (kind: IdKind) =>
  z
    .strictObject({ name: resourceName(kind) })
    .meta({ id: `Rename${kind[0]!.toUpperCase()}${kind.slice(1)}Body` });

/**
 * Creates take an `Idempotency-Key` header (decision 073): every signed-in POST whose
 * operationId starts with `create`, so a new kind's create has it without more code.
 */
export function takesIdempotencyKey(operationId: string, route: RouteDef): boolean {
  return route.method === 'post' && route.auth && /^create[A-Z]/.test(operationId);
}

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set (to `true`) on an answer repeated from the first request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** 1 to 255 printable ASCII characters (spaces included, as in any header value). */
export const idempotencyKeyPattern = /^[\x20-\x7e]{1,255}$/;
