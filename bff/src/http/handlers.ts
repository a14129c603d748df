// What a kind's handlers see of a request, typed per route from the shared route table, and
// what mounting needs from the kinds. The pipeline (pipeline.ts) builds these arguments.
import type { Request, Response } from 'express';
import type { BodyOf, OperationId, ParamsOf, QueryOf, ResponseOf, Routes } from '#shared/routes';
import type { LocationName } from '#shared/catalog';
import type { Role } from '#shared/roles';
import type { Db } from '../db/database.ts';
import type { AuthInfo } from '../auth/auth.ts';
import type { RawJson } from '../db/raw-json.ts';

/** The project of a route under /project/{project_id}, as its member sees it. */
export interface ProjectAccess {
  id: string;
  name: string;
  credit: number;
  discount: number;
  /** The caller's role here: a token's role capped by its owner's membership. */
  role: Role;
}

/** What mounting needs from the kinds, given by app.ts (http/ imports no kind). */
export interface MountScope {
  /** The project when the account is a member; throws the 404 otherwise. */
  memberProject(db: Db, accountId: string, projectId: string): Promise<ProjectAccess>;
}

/** Present only where the route has `auth: true`. */
type AuthArgs<Op extends OperationId> = Routes[Op]['auth'] extends true
  ? { auth: AuthInfo }
  : unknown;
/** Present only where the path has {project_id}: the caller is a member. */
type ProjectArgs<Op extends OperationId> =
  ParamsOf<Op> extends { project_id: string } ? { project: ProjectAccess } : unknown;
/** Present only where the path has a location: a valid one. */
type LocationArgs<Op extends OperationId> =
  ParamsOf<Op> extends { location: string } | { location_name: string }
    ? { location: LocationName }
    : unknown;

/**
 * Work that must wait for the request's transaction to commit (the jobs it enqueued are
 * invisible to the worker until then), done before the answer is sent. Answering `'accepted'`
 * turns the answer into 202 Accepted (a route with `accepted`): the work goes on without it.
 */
export type AfterCommit = () => Promise<'done' | 'accepted'>;

export type HandlerArgs<Op extends OperationId> = {
  params: ParamsOf<Op>;
  query: QueryOf<Op>;
  body: BodyOf<Op>;
  req: Request;
  res: Response;
  /** Runs `work` once the change committed, before the answer is sent (see AfterCommit). */
  afterCommit: (work: AfterCommit) => void;
} & AuthArgs<Op> &
  ProjectArgs<Op> &
  LocationArgs<Op>;

/** A handler answers its route's response, or the JSON text of it (raw-json.ts). */
export type Handler<Op extends OperationId> = (
  args: HandlerArgs<Op>,
) => Promise<ResponseOf<Op> | RawJson<ResponseOf<Op>>>;
export type Handlers<Ops extends OperationId> = { [K in Ops]: Handler<K> };
