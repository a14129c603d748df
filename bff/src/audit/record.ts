// The audit log's writer (behaviour.md §11, decision 205): http/pipeline.ts runs every change of a
// project through `recordChange`, which runs it in one request transaction and writes its
// entry at the end, inside it, so the change and its entry commit together or not at all. A
// change that fails is rolled back, and its failure entry is written on its own afterwards.
import { idKindOf, idTime, newId, type IdKind } from '#shared/ids';
import type { OperationId } from '#shared/routes';
import type { RouteDef } from '#shared/route-helpers';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { requestTransaction } from '../db/transaction.ts';
import type { AuthInfo } from '../auth/auth.ts';
import { answeredError } from '../http/errors.ts';
import type { Answer } from '../http/idempotency.ts';
import type { AuditEntryTable } from './audit.tables.ts';

/** One change as the pipeline (http/pipeline.ts) knows it before it runs. */
export interface Change {
  action: OperationId;
  route: RouteDef;
  /** The path's values (`project_id`, `location`, the object's reference…). */
  params: Record<string, string>;
  auth: AuthInfo;
  /** The project of the path, as its member sees it; absent for a project's creation. */
  project?: { id: string; name: string };
  /** The request's X-Request-Id (logging.ts). */
  requestId: string;
  /** The verb its body chose (shared/audit.ts verbOfBody), set once the body passed its checks. */
  verb?: string | null;
}

type AuditObject = Pick<AuditEntryTable, 'object_id' | 'object_kind' | 'object_name' | 'location'>;

/** Path segments before an object's name, and the kind of the object it names. */
const KIND_OF_SEGMENT: Record<string, IdKind> = {
  'private-subnet': 'privateSubnet',
  vm: 'vm',
  firewall: 'firewall',
  'load-balancer': 'loadBalancer',
  postgres: 'postgres',
  'kubernetes-cluster': 'kubernetesCluster',
  nodepool: 'nodePool',
  github: 'installation',
  repository: 'repository',
  'ssh-public-key': 'sshPublicKey',
  webhook: 'webhookEndpoint',
};

const SCOPE_PARAMS = new Set(['project_id', 'location', 'location_name']);

/**
 * The object a change is about, from its path: the last path value that is not the project or
 * the location (an ID, or a name whose kind its path segment tells), else the project itself.
 */
export function objectOfPath(change: Change): AuditObject {
  const location = change.params.location ?? change.params.location_name ?? null;
  const segments = change.route.path.split('/');
  for (let i = segments.length - 1; i > 0; i--) {
    const param = /^\{(\w+)\}$/.exec(segments[i]!)?.[1];
    if (!param || SCOPE_PARAMS.has(param)) continue;
    const value = change.params[param];
    if (value === undefined) continue;
    const kind = idKindOf(value, change.route.path);
    if (kind) return { object_id: value, object_kind: kind, object_name: null, location };
    const before = segments[i - 1] === 'id' ? segments[i - 2] : segments[i - 1];
    return {
      object_id: null,
      object_kind: KIND_OF_SEGMENT[before ?? ''] ?? null,
      object_name: value,
      location,
    };
  }
  const project = change.project;
  return project
    ? { object_id: project.id, object_kind: 'project', object_name: project.name, location }
    : { object_id: null, object_kind: null, object_name: null, location };
}

/** The object of a change that succeeded: the answer's own, when it is an object with an ID (a create's new object). */
function objectOfAnswer(change: Change, answer: Answer): AuditObject {
  const fromPath = objectOfPath(change);
  const body = answer.body as { id?: unknown; name?: unknown; location?: unknown } | undefined;
  const kind = typeof body?.id === 'string' ? idKindOf(body.id, change.route.path) : undefined;
  if (!body || !kind) return fromPath;
  return {
    object_id: body.id as string,
    object_kind: kind,
    object_name: typeof body.name === 'string' ? body.name : fromPath.object_name,
    location: fromPath.location ?? (typeof body.location === 'string' ? body.location : null),
  };
}

/** The error type of an answer that is an error (a keyed create's stored 4xx): both generations' bodies carry it. */
function errorTypeOf(answer: Answer): string {
  const body = answer.body as { type?: string; error?: { type?: string } } | undefined;
  return body?.error?.type ?? body?.type ?? String(answer.status);
}

/** The entry of a change, written in `db` (the request transaction, or its own). */
export async function writeEntry(
  db: Db,
  change: Change,
  projectId: string,
  object: AuditObject,
  errorType: string | null,
): Promise<void> {
  const id = newId('auditEntry');
  await db
    .insertInto('audit_entry')
    .values({
      id,
      project_id: projectId,
      at: new Date(idTime(id)).toISOString(),
      action: change.action,
      verb: change.verb ?? null,
      account_id: change.auth.accountId,
      account_email: change.auth.email,
      token_id: change.auth.token?.id ?? null,
      ...object,
      request_id: change.requestId,
      error_type: errorType,
    })
    .execute();
}

/**
 * Runs `run` (everything after the membership check: the role check, validation and the
 * handler) in one request transaction and records it. A replayed answer to an idempotency key
 * changed nothing and leaves no entry. A project's creation is written in the new project's log;
 * its failure, with no project, is not written anywhere.
 */
export async function recordChange(
  ctx: AppContext,
  change: Change,
  run: () => Promise<Answer>,
): Promise<Answer> {
  let answer: Answer;
  try {
    answer = await requestTransaction(ctx.db, async () => {
      const done = await run();
      const created = objectOfAnswer(change, done);
      const projectId =
        change.project?.id ??
        (done.status < 400 && created.object_kind === 'project' ? created.object_id : null);
      if (!done.replayed && projectId) {
        // A keyed create's refusal is stored as an answer, after its savepoint rolled back.
        if (done.status >= 400)
          await writeEntry(ctx.db, change, projectId, objectOfPath(change), errorTypeOf(done));
        else await writeEntry(ctx.db, change, projectId, created, null);
      }
      return done;
    });
  } catch (err) {
    if (change.project) await writeFailure(ctx, change, change.project.id, answeredError(err).type);
    throw err;
  }
  // Jobs the change enqueued, and its events, were invisible until now.
  ctx.wakeWorker();
  ctx.events.poke(change.project?.id);
  return answer;
}

/** A failure's entry, in its own statement: when even that fails (the database is down), the request's own error is what is answered. */
async function writeFailure(
  ctx: AppContext,
  change: Change,
  projectId: string,
  errorType: string,
): Promise<void> {
  try {
    await writeEntry(ctx.db, change, projectId, objectOfPath(change), errorType);
  } catch (err) {
    ctx.logger.warn(
      { err, requestId: change.requestId },
      'the audit entry of a failed change could not be written',
    );
  }
}
