// A database: its reference, its query keys, the detail and list queries, and the mutations
// that answer the database (create, change, actions, rename, delete).
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  useSuspenseQuery,
  type QueryClient,
} from '@tanstack/react-query';
import type { PostgresDetail, PostgresListItem } from '#shared/api/postgres';
import { POSTGRES_TRANSITIONAL_STATES } from '#shared/api/postgres-kind';
import type { BodyInputOf } from '#shared/routes';
import { apiRequest, urlFor, type QueryInputOf } from '#web/lib/api-client.ts';
import { pollWhile } from '#web/lib/live.ts';

export interface PgRef {
  projectId: string;
  location: string;
  name: string;
}

export const pgParams = ({ projectId, location, name }: PgRef) => ({
  project_id: projectId,
  location,
  postgres_database_reference: name,
});

/** Every query of one database (its detail, config, backups…) is under this key. */
export const pgKey = (ref: PgRef) =>
  ['postgres', 'detail', ref.projectId, ref.location, ref.name] as const;
const listKey = (projectId: string) => ['postgres', 'list', projectId] as const;

/** The states a database passes through (the page polls and announces their end). */
export const PG_TRANSITIONAL_STATES: readonly string[] = POSTGRES_TRANSITIONAL_STATES;
export const isChanging = (state: string) => PG_TRANSITIONAL_STATES.includes(state);

export const getPostgresQueryOptions = (ref: PgRef) =>
  queryOptions({
    queryKey: pgKey(ref),
    queryFn: ({ signal }) => apiRequest('getPostgresDatabase', { params: pgParams(ref), signal }),
  });

/** Loaded by the route; polls while the database is changing (and while a target differs from the current value). */
export function usePostgres(ref: PgRef) {
  return useSuspenseQuery({
    ...getPostgresQueryOptions(ref),
    refetchInterval: pollWhile((pg: PostgresDetail) => isChanging(pg.state) || pendingTarget(pg)),
    retry: false,
  });
}

/** A size, storage or version the database is still moving to. */
export function pendingTarget(
  pg: Pick<
    PostgresDetail,
    | 'vm_size'
    | 'target_vm_size'
    | 'storage_size_gib'
    | 'target_storage_size_gib'
    | 'version'
    | 'target_version'
  >,
): boolean {
  return (
    (pg.target_vm_size !== undefined && pg.target_vm_size !== pg.vm_size) ||
    (pg.target_storage_size_gib !== undefined &&
      pg.target_storage_size_gib !== pg.storage_size_gib) ||
    pg.target_version !== pg.version
  );
}

export type ListPostgresQuery = NonNullable<QueryInputOf<'listPostgresDatabases'>>;

export const listPostgresQueryOptions = (
  projectId: string,
  query: ListPostgresQuery = {},
  location?: string,
) =>
  queryOptions({
    queryKey: [...listKey(projectId), location ? { ...query, location } : query],
    queryFn: ({ signal }) =>
      location
        ? apiRequest('listLocationPostgresDatabases', {
            params: { project_id: projectId, location },
            query,
            signal,
          })
        : apiRequest('listPostgresDatabases', { params: { project_id: projectId }, query, signal }),
  });

const anyChanging = (list: { items: PostgresListItem[] }) =>
  list.items.some((pg) => isChanging(pg.state));

export function usePostgresList(projectId: string, query: ListPostgresQuery, location?: string) {
  return useQuery({
    ...listPostgresQueryOptions(projectId, query, location),
    placeholderData: keepPreviousData,
    refetchInterval: pollWhile(anyChanging),
  });
}

/** After a change: the answer becomes the cached detail, and every list of the project is refetched. */
async function settle(queryClient: QueryClient, ref: PgRef, pg?: PostgresDetail) {
  if (pg) queryClient.setQueryData(pgKey({ ...ref, location: pg.location, name: pg.name }), pg);
  await queryClient.invalidateQueries({ queryKey: listKey(ref.projectId) });
}

export function useCreatePostgres() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, body }: { ref: PgRef; body: BodyInputOf<'createPostgresDatabase'> }) =>
      apiRequest('createPostgresDatabase', { params: pgParams(ref), body }),
    onSuccess: (pg, { ref }) => settle(queryClient, ref, pg),
  });
}

export function usePatchPostgres() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, body }: { ref: PgRef; body: BodyInputOf<'patchPostgresDatabase'> }) =>
      apiRequest('patchPostgresDatabase', { params: pgParams(ref), body }),
    onSuccess: (pg, { ref }) => settle(queryClient, ref, pg),
  });
}

/** The actions that take no body and answer the database. */
export type PgAction = 'restartPostgresDatabase' | 'promotePostgresReadReplica';

export function usePostgresAction(op: PgAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: PgRef) => apiRequest(op, { params: pgParams(ref) }),
    onSuccess: (pg, ref) => settle(queryClient, ref, pg),
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, password }: { ref: PgRef; password: string }) =>
      apiRequest('resetSuperuserPassword', { params: pgParams(ref), body: { password } }),
    onSuccess: (pg, { ref }) => settle(queryClient, ref, pg),
  });
}

export function useSetMaintenanceWindow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      ref,
      body,
    }: {
      ref: PgRef;
      body: BodyInputOf<'setPostgresMaintenanceWindow'>;
    }) => apiRequest('setPostgresMaintenanceWindow', { params: pgParams(ref), body }),
    onSuccess: (pg, { ref }) => settle(queryClient, ref, pg),
  });
}

/** Restore and read replica make a new database (answered); the lists are refetched. */
export function useRestorePostgres() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      ref,
      name,
      restoreTarget,
    }: {
      ref: PgRef;
      name: string;
      restoreTarget: string;
    }) =>
      apiRequest('restorePostgresDatabase', {
        params: pgParams(ref),
        body: { name, restore_target: restoreTarget },
      }),
    onSuccess: (pg, { ref }) => settle(queryClient, ref, pg),
  });
}

export function useCreateReadReplica() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, name }: { ref: PgRef; name: string }) =>
      apiRequest('createPostgresReadReplica', { params: pgParams(ref), body: { name } }),
    onSuccess: (pg, { ref }) => settle(queryClient, ref, pg),
  });
}

export function useRenamePostgres() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, name }: { ref: PgRef; name: string }) =>
      apiRequest('renamePostgresDatabase', { params: pgParams(ref), body: { name } }),
    onSuccess: async (_pg, { ref }) => {
      // The rename answer has no credentials: the page refetches the detail under the new name.
      await settle(queryClient, ref);
    },
  });
}

/** The database goes `deleting`, then away: the cached detail is set to `deleting` so its page polls until the 404. */
export function useDeletePostgres() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: PgRef) => apiRequest('deletePostgresDatabase', { params: pgParams(ref) }),
    onSuccess: async (_, ref) => {
      queryClient.setQueryData(pgKey(ref), (pg: PostgresDetail | undefined) =>
        pg ? { ...pg, state: 'deleting' } : pg,
      );
      await settle(queryClient, ref);
    },
  });
}

/** Drops every cached query of a database that is gone or renamed, once its page has been left. */
export function forgetPostgres(queryClient: QueryClient, ref: PgRef) {
  queryClient.removeQueries({ queryKey: pgKey(ref) });
}

/** The address of the CA certificate file (a download: the browser sends the session cookie). */
export const caCertificateUrl = (ref: PgRef) => urlFor('getPostgresCACertificates', pgParams(ref));
