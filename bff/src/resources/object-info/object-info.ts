// `GET P/object-info/{object_id}` (decision 195): what an ID names in the project, from the
// kind descriptors. Each kind of `kinds` and `projectKinds` answers for its own objects with no
// code here; the objects living inside one of its objects (its descriptor's `children`) need
// one line in CHILDREN: their table, the column naming their parent, and their name column.
import { sql } from 'kysely';
import type { ObjectInfo } from '#shared/api/object-info';
import { ID_PREFIXES, isId, type IdKind } from '#shared/ids';
import { kinds, projectKinds, type KindDescriptor } from '#shared/routes';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { OWNED_TABLES, ownerOf } from '../owned-by.ts';

interface ChildTable {
  table: string;
  /** The column holding the ID of the object it lives in. */
  parent: string;
  /** Its name column; null when it has none: its ID is its name. */
  name: string | null;
}

/** The objects inside another kind's objects, by ID kind. */
export const CHILDREN: Partial<Record<IdKind, ChildTable>> = {
  firewallRule: { table: 'firewall_rule', parent: 'firewall_id', name: null },
  nic: { table: 'nic', parent: 'subnet_id', name: 'name' },
  nodePool: { table: 'kubernetes_nodepool', parent: 'kubernetes_cluster_id', name: 'name' },
  postgresMetricDestination: {
    table: 'postgres_metric_destination',
    parent: 'postgres_id',
    name: null,
  },
  postgresLogDestination: {
    table: 'postgres_log_destination',
    parent: 'postgres_id',
    name: 'name',
  },
};

/** The origin's type: the table's name in words. */
const words = (table: string) => table.replace(/_/g, ' ');

interface Source {
  idKind: IdKind;
  type: string;
  find: (
    db: Db,
    projectId: string,
    id: string,
  ) => Promise<{ location: string | null; name: string; owned_by?: string | null } | undefined>;
}

function kindSource(kind: KindDescriptor): Source {
  const location = kind.inLocation ? sql.ref('o.location') : sql`null`;
  const visible = kind.serviceOf ? sql`and ${sql.ref(`o.${kind.serviceOf}`)} is null` : sql``;
  const owner = OWNED_TABLES.has(kind.table) ? sql.ref('o.owned_by') : sql`null`;
  return {
    idKind: kind.idKind,
    type: kind.objectType ?? words(kind.table),
    async find(db, projectId, id) {
      const { rows } = await sql<{
        location: string | null;
        name: string;
        owned_by: string | null;
      }>`select ${location} as location, o.name as name, ${owner} as owned_by from ${sql.table(kind.table)} as o
        where o.id = ${id} and o.project_id = ${projectId} ${visible}`.execute(db);
      return rows[0];
    },
  };
}

function childSource(kind: KindDescriptor, idKind: IdKind, child: ChildTable): Source {
  const location = kind.inLocation ? sql.ref('p.location') : sql`null`;
  const name = child.name ? sql.ref(`c.${child.name}`) : sql.ref('c.id');
  return {
    idKind,
    type: words(child.table),
    async find(db, projectId, id) {
      // A firewall rule's ID is unique in its firewall only (decision 071): the oldest of the project's.
      const { rows } = await sql<{
        location: string | null;
        name: string;
      }>`select ${location} as location, ${name} as name
        from ${sql.table(child.table)} as c join ${sql.table(kind.table)} as p on p.id = ${sql.ref(`c.${child.parent}`)}
        where c.id = ${id} and p.project_id = ${projectId} order by c.created_at limit 1`.execute(
        db,
      );
      return rows[0];
    },
  };
}

/** Every kind of object object-info answers for, by ID prefix (`fr`: two kinds, tried in turn). */
export function objectSources(): Map<string, Source[]> {
  const sources: Source[] = [];
  for (const kind of [...kinds, ...projectKinds]) {
    sources.push(kindSource(kind));
    for (const idKind of kind.children) {
      const child = CHILDREN[idKind];
      if (!child)
        throw new Error(
          `object-info: no table for ${idKind}, a child of ${kind.idKind} (add it to CHILDREN)`,
        );
      sources.push(childSource(kind, idKind, child));
    }
  }
  const byPrefix = new Map<string, Source[]>();
  for (const s of sources) {
    const prefix = ID_PREFIXES[s.idKind];
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), s]);
  }
  return byPrefix;
}

/** The object's type, location and name; any ID that names no object of the project answers the same 404. */
export async function objectInfo(
  db: Db,
  sources: Map<string, Source[]>,
  projectId: string,
  id: string,
): Promise<ObjectInfo> {
  for (const source of sources.get(id.slice(0, 2)) ?? []) {
    const found = isId(source.idKind, id) ? await source.find(db, projectId, id) : undefined;
    if (found)
      return {
        type: source.type,
        location: found.location,
        name: found.name,
        owned_by: await ownerOf(db, found.owned_by),
      };
  }
  throw notFound();
}
