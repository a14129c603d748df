// Objects made for another one (decision 287): a Kubernetes cluster's private subnet, that
// subnet's default firewall and the cluster's services load balancer carry the cluster's ID in
// `owned_by`. Their records answer the owner; their own routes refuse every change with 409
// naming it; the owner's own paths (its delete, a forced project delete) change them freely,
// since those call the kinds' services, not these checks.
import { sql } from 'kysely';
import type { Owner } from '#shared/api/owned-by';
import { kubernetesClusterKind } from '#shared/api/kubernetes';
import type { KindDescriptor } from '#shared/routes';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../errors.ts';

/** The tables with an `owned_by` column: the kinds an object may be made for another one of. */
export const OWNED_TABLES: ReadonlySet<string> = new Set([
  'private_subnet',
  'firewall',
  'load_balancer',
]);

/** The kinds whose objects own others. */
const OWNER_KINDS: KindDescriptor[] = [kubernetesClusterKind];
const typeOf = (k: KindDescriptor) => k.objectType ?? k.table.replace(/_/g, ' ');

/**
 * A list item's `owned_by` as JSON text made by the database, of the owner ID in the column
 * `ref` (for listOf's `[expr, 'json']`): names and IDs are [a-z0-9-], nothing to escape.
 */
export const OWNER_JSON_SQL = (ref: string) =>
  `coalesce(${OWNER_KINDS.map(
    (k) =>
      `(select '{"id":"' || o.id || '","name":"' || o.name || '","type":"${typeOf(k)}"}' from ${k.table} o where o.id = ${ref})`,
  ).join(', ')}, null)`;

/** The owner of an object whose `owned_by` is `id`; null when none (or it is gone already). */
export async function ownerOf(db: Queryable, id: string | null | undefined): Promise<Owner | null> {
  if (!id) return null;
  for (const k of OWNER_KINDS) {
    const { rows } = await sql<{
      name: string;
    }>`select name from ${sql.table(k.table)} where id = ${id}`.execute(db);
    if (rows[0]) return { id, name: rows[0].name, type: typeOf(k) };
  }
  return null;
}

const capitalized = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/**
 * 409 naming the owner when the object is managed by another one: what the user asked would
 * change or delete it on its own (`what` is its kind's singular, e.g. "load balancer").
 */
export async function assertNotManaged(
  db: Queryable,
  row: { name: string; owned_by?: string | null },
  what: string,
): Promise<void> {
  const owner = await ownerOf(db, row.owned_by);
  if (!owner) return;
  const kind = OWNER_KINDS.find((k) => typeOf(k) === owner.type)!;
  throw new ApiError(
    'Conflict',
    `${capitalized(what)} ${row.name} is managed by ${kind.singular} ${owner.name}: it cannot be changed or deleted on its own. Change or delete the ${kind.singular} instead.`,
    { owned_by: owner.id, owner_name: owner.name, owner_type: owner.type },
  );
}
