// Idempotency keys on creates (decision 073, docs/reliability.md): the first answer to a key
// is stored in the same transaction as everything the create wrote, so after any crash
// either both exist (a retry gets the answer again) or neither (a retry runs the create).
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { sql } from 'kysely';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyPattern } from '#shared/route-helpers';
import type { Generation } from '#shared/errors';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { ADVISORY_LOCK_CLASS } from '../db/locks.ts';
import { requestTransaction, type Tx } from '../db/transaction.ts';
import { ApiError } from '../errors.ts';
import { errorAnswer } from './errors.ts';

/** What a route answers: written by the pipeline (pipeline.ts), stored for a key and replayed from it. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  /** The JSON body; undefined for 204. */
  body?: unknown;
  /** Repeated from the first request with the key. */
  replayed?: boolean;
}

/** The request's key; undefined without the header, 400 when it is not a valid one. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !idempotencyKeyPattern.test(key)) {
    throw new ApiError(
      'InvalidRequest',
      `${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 printable ASCII characters.`,
    );
  }
  return key;
}

/** JSON with object keys sorted: the same body sent with its fields in another order is the same request. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** One keyed request: whose key, and what makes it the same request (operation, path values, body). */
export interface KeyedRequest {
  accountId: string;
  key: string;
  operationId: string;
  params: unknown;
  body: unknown;
  generation: Generation;
}

/**
 * Only one request per key runs at a time. On PostgreSQL a transaction-scoped advisory lock
 * (released by commit, rollback or a dead connection); a second request does not wait for it.
 * SQLite needs none: a request transaction holds the only connection until it commits.
 */
async function lockKey(tx: Tx, ctx: AppContext, r: KeyedRequest): Promise<void> {
  if (ctx.engine !== 'postgres') return;
  const lockClass = sql.lit(ADVISORY_LOCK_CLASS.idempotencyKey);
  const { rows } = await sql<{
    locked: boolean;
  }>`select pg_try_advisory_xact_lock(${lockClass}, hashtext(${`${r.accountId}\n${r.key}`})) as locked`.execute(
    tx,
  );
  if (!rows[0]?.locked)
    throw new ApiError(
      'Conflict',
      `A request with this ${IDEMPOTENCY_KEY_HEADER} is in progress; retry later.`,
    );
}

/**
 * Runs `run` for a keyed request once: the first time in a request transaction that also
 * stores its answer (2xx and 4xx; a 5xx or an error thrown before `run` stores nothing), and
 * later, within the TTL, answers the stored one.
 */
export async function runOnce(
  ctx: AppContext,
  request: KeyedRequest,
  run: () => Promise<Answer>,
): Promise<Answer> {
  const fingerprint = createHash('sha256')
    .update(canonical([request.operationId, request.params, request.body ?? null]))
    .digest('hex');
  const answer = await requestTransaction(ctx.db, async (tx): Promise<Answer> => {
    await lockKey(tx, ctx, request);
    const stored = await tx
      .selectFrom('idempotency_key')
      .selectAll()
      .where('account_id', '=', request.accountId)
      .where('key', '=', request.key)
      .executeTakeFirst();
    if (stored && !expired(ctx, stored.created_at)) {
      if (stored.fingerprint !== fingerprint) {
        throw new ApiError(
          'Conflict',
          `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request (another operation, path or body); use a new key for a new request.`,
        );
      }
      const body = stored.body === null ? undefined : (JSON.parse(stored.body) as unknown);
      return {
        status: stored.status,
        headers: JSON.parse(stored.headers) as Record<string, string>,
        body,
        replayed: true,
      };
    }
    if (stored)
      await tx
        .deleteFrom('idempotency_key')
        .where('account_id', '=', request.accountId)
        .where('key', '=', request.key)
        .execute();
    let fresh: Answer;
    try {
      // A savepoint: a failed create leaves nothing behind but its stored 4xx.
      fresh = await ctx.db.transaction().execute(run);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      fresh = errorAnswer(request.generation, err);
    }
    await tx
      .insertInto('idempotency_key')
      .values({
        account_id: request.accountId,
        key: request.key,
        fingerprint,
        status: fresh.status,
        headers: JSON.stringify(fresh.headers),
        body: fresh.body === undefined ? null : JSON.stringify(fresh.body),
        created_at: new Date().toISOString(),
      })
      .execute();
    return fresh;
  });
  if (!answer.replayed) {
    // Jobs the create enqueued were invisible to the worker until now.
    ctx.wakeWorker();
    pruneSometimes(ctx);
  }
  return answer;
}

const cutoff = (ctx: AppContext) =>
  new Date(Date.now() - ctx.config.idempotencyTtlMs).toISOString();
const expired = (ctx: AppContext, createdAt: string) => createdAt <= cutoff(ctx);

const prunedAt = new WeakMap<Db, number>();

/**
 * Deletes expired keys, at most once a minute (or once a TTL, if shorter) per database
 * handle, after a keyed create committed and outside its transaction, so concurrent requests
 * never wait on each other's deletes. An expired key is ignored anyway, so a prune that fails
 * (the database went away) only leaves rows for the next one.
 */
function pruneSometimes(ctx: AppContext): void {
  const now = Date.now();
  if (now - (prunedAt.get(ctx.db) ?? 0) < Math.min(ctx.config.idempotencyTtlMs, 60_000)) return;
  prunedAt.set(ctx.db, now);
  ctx.db
    .deleteFrom('idempotency_key')
    .where('created_at', '<=', cutoff(ctx))
    .execute()
    .catch((err: unknown) => ctx.logger.warn({ err }, 'pruning expired idempotency keys failed'));
}
