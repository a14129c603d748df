// Throttles: a counter per key in a fixed window, kept in the database so that every BFF
// process on it shares the limits (docs/decisions/066-shared-throttles.md).
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { ApiError } from '../errors.ts';

export interface ThrottleRule {
  /** Prefix of the stored key, so rules never share a counter. */
  name: string;
  limit: number;
  windowMs: number;
}

/** Expired rows are deleted at most this often per process. */
const PRUNE_EVERY_MS = 60_000;

export class Throttle {
  constructor(
    private readonly store: ThrottleStore,
    private readonly rule: ThrottleRule,
  ) {}

  /**
   * Seconds until the key is under its limit again, or 0 when it is under it now. Read in a
   * transaction: on SQLite that is after the attempts counted before it, even those still
   * waiting for the commit they share (decision 247), which a plain read would not see.
   */
  async retryAfter(key: string, now = Date.now()): Promise<number> {
    const row = await this.store.db
      .transaction()
      .execute((tx) =>
        tx
          .selectFrom('throttle')
          .select(['count', 'reset_at'])
          .where('key', '=', this.key(key))
          .executeTakeFirst(),
      );
    return row ? this.wait(row.count, row.reset_at, now, this.rule.limit) : 0;
  }

  /**
   * Counts one attempt, atomically across processes; answers the seconds to wait when this
   * attempt went over the limit, else 0. A window that has run out starts again at 1.
   */
  async hit(key: string, now = Date.now()): Promise<number> {
    const at = new Date(now).toISOString();
    const row = await this.store.db
      .insertInto('throttle')
      .values({
        key: this.key(key),
        count: 1,
        reset_at: new Date(now + this.rule.windowMs).toISOString(),
      })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql`case when throttle.reset_at <= ${at} then 1 else throttle.count + 1 end`,
          reset_at: sql`case when throttle.reset_at <= ${at} then excluded.reset_at else throttle.reset_at end`,
        }),
      )
      .returning(['count', 'reset_at'])
      .executeTakeFirstOrThrow();
    await this.store.prune(now);
    return this.wait(row.count, row.reset_at, now, this.rule.limit + 1);
  }

  async reset(key: string): Promise<void> {
    await this.store.db.deleteFrom('throttle').where('key', '=', this.key(key)).execute();
  }

  private key(key: string): string {
    return `${this.rule.name}:${key.toLowerCase()}`;
  }

  private wait(count: number, resetAt: string, now: number, blockedFrom: number): number {
    // Never more than the window: attempts made at once each take their time before the one
    // whose insert opened the window may commit it, so its end can be after theirs plus the window.
    const left = Math.min(Date.parse(resetAt) - now, this.rule.windowMs);
    return left > 0 && Number(count) >= blockedFrom ? Math.ceil(left / 1000) : 0;
  }
}

class ThrottleStore {
  private prunedAt = 0;

  constructor(readonly db: Db) {}

  async prune(now: number): Promise<void> {
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    await this.db
      .deleteFrom('throttle')
      .where('reset_at', '<=', new Date(now).toISOString())
      .execute();
  }
}

const MINUTE = 60_000;

export function makeThrottles(db: Db, limits: Config['limits']) {
  const store = new ThrottleStore(db);
  const rule = (name: string, limit: number, windowMs: number) =>
    new Throttle(store, { name, limit, windowMs });
  return {
    /** Failed logins per account (by lower-cased login) and per client address. */
    loginAccount: rule('login-account', limits.loginPerAccount, 15 * MINUTE),
    loginIp: rule('login-ip', limits.loginPerIp, 15 * MINUTE),
    /** Sign-up attempts per client address and per e-mail address. */
    signupIp: rule('signup-ip', limits.signupPerIp, 60 * MINUTE),
    signupEmail: rule('signup-email', limits.signupPerEmail, 60 * MINUTE),
    /** Requests for a mailed link per e-mail address, whether or not an account has it (decision 166). */
    verifyResend: rule('verify-resend', 5, 60 * MINUTE),
    passwordReset: rule('password-reset', 5, 60 * MINUTE),
    /** Invitations to a project per e-mail address, whoever sends them, with sign-up's limit (behaviour.md §13). */
    invitationEmail: rule('invitation-email', limits.signupPerEmail, 60 * MINUTE),
  };
}

export type Throttles = ReturnType<typeof makeThrottles>;

/** 429 with Retry-After, for a throttle's answer of `wait` seconds: "Too many invitations for this e-mail address. Try again in 40 seconds." */
export const tooMany = (what: string, wait: number) =>
  new ApiError('TooManyRequests', `Too many ${what}. Try again in ${wait} seconds.`, null, {
    'Retry-After': String(wait),
  });
