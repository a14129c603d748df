// Two-factor sign-in with TOTP (RFC 6238: SHA-1, 6 digits, 30 s, as every authenticator app
// reads it) and single-use recovery codes (decisions 187 and 188).
import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { RECOVERY_CODE_COUNT } from '#shared/api/account';
import { ApiError } from '../../errors.ts';
import type { Db } from '../../db/database.ts';
import { sealer } from '../../seal.ts';

const ISSUER = 'Cloud console';
const PERIOD = 30;
/** Codes of the step before and after the current one are accepted too (clock drift). */
const WINDOW = 1;

export const totpFor = (secret: string, email: string) =>
  new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

// ---- The secret at rest: AES-256-GCM under a server key, bound to its account (decision 187).

const { seal, unseal } = sealer('totp_seal_key');

// ---- Recovery codes: 10 lower-case base32 characters (50 random bits), shown as xxxxx-xxxxx.

const CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const normalize = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const hashCode = (code: string) => createHash('sha256').update(normalize(code)).digest('hex');

function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += CODE_ALPHABET[randomInt(32)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** Replaces the account's recovery codes with new ones; answers them (the only time they are seen). */
async function replaceRecoveryCodes(db: Db, accountId: string, now: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.deleteFrom('account_recovery_code').where('account_id', '=', accountId).execute();
  await db
    .insertInto('account_recovery_code')
    .values(
      codes.map((c) => ({
        account_id: accountId,
        code_hash: hashCode(c),
        used_at: null,
        created_at: now,
      })),
    )
    .execute();
  return codes;
}

// ---- Enrolment.

export async function twoFactorStatus(db: Db, accountId: string) {
  const row = await db
    .selectFrom('account_totp')
    .select('enabled_at')
    .where('account_id', '=', accountId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  const left = row
    ? await db
        .selectFrom('account_recovery_code')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('account_id', '=', accountId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow()
    : undefined;
  return {
    enabled: row !== undefined,
    enabled_at: row?.enabled_at ?? null,
    recovery_codes_left: Number(left?.n ?? 0),
  };
}

const alreadyOn = () =>
  new ApiError(
    'Conflict',
    'Two-factor sign-in is already on. Turn it off first to use a new authenticator.',
  );
const notOn = () => new ApiError('Conflict', 'Two-factor sign-in is not on for this account.');

/** A new secret, kept (sealed) until a code confirms it; replaces an enrolment not yet confirmed. */
export async function beginEnrolment(
  db: Db,
  account: { id: string; email: string },
  now = new Date(),
) {
  const secret = new Secret({ size: 20 }).base32;
  const sealed = await seal(db, account.id, secret);
  await db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('account_totp')
      .select('enabled_at')
      .where('account_id', '=', account.id)
      .executeTakeFirst();
    if (row?.enabled_at) throw alreadyOn();
    await tx.deleteFrom('account_totp').where('account_id', '=', account.id).execute();
    await tx
      .insertInto('account_totp')
      .values({
        account_id: account.id,
        secret_sealed: sealed,
        enabled_at: null,
        last_step: null,
        created_at: now.toISOString(),
      })
      .execute();
  });
  const uri = totpFor(secret, account.email).toString();
  // qrcode is loaded when someone enrols, not at start (decision 239).
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret,
    uri,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** The time step a code is valid in (within the window), or undefined. */
function stepOf(secret: string, code: string, now: Date): number | undefined {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const totp = totpFor(secret, '');
  const delta = totp.validate({ token, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? undefined : totp.counter({ timestamp: now.getTime() }) + delta;
}

/** Turns two-factor sign-in on with a code of the pending secret; answers the recovery codes. */
export async function confirmEnrolment(
  db: Db,
  accountId: string,
  code: string,
  now = new Date(),
): Promise<string[]> {
  const row = await db
    .selectFrom('account_totp')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!row)
    throw new ApiError(
      'Conflict',
      'Start turning two-factor sign-in on first: no enrolment is waiting for a code.',
    );
  if (row.enabled_at) throw alreadyOn();
  const step = stepOf(await unseal(db, accountId, row.secret_sealed), code, now);
  if (step === undefined)
    throw new ApiError('InvalidRequest', 'That code is not right.', {
      code: 'That code is not right: enter the 6 digits your app shows now.',
    });
  return db.transaction().execute(async (tx) => {
    // The very secret the code was checked against, still waiting (not replaced by a new start meanwhile).
    const r = await tx
      .updateTable('account_totp')
      .set({ enabled_at: now.toISOString(), last_step: step })
      .where('account_id', '=', accountId)
      .where('enabled_at', 'is', null)
      .where('secret_sealed', '=', row.secret_sealed)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1)
      throw new ApiError('Conflict', 'The enrolment changed meanwhile: start again.');
    return replaceRecoveryCodes(tx, accountId, now.toISOString());
  });
}

// ---- Codes at sign-in and for changes to two-factor itself.

/**
 * What a sign-in's code amounts to: `wrong` (a wrong, replayed or used code), `missing` (the
 * account needs one and none came), or what uses it up (a no-op when two-factor is off). The
 * check and the use are apart so that the sign-in can count a failure before anything is used.
 */
export type SecondFactor = 'wrong' | 'missing' | { use: () => Promise<boolean> };

export async function checkSecondFactor(
  db: Db,
  accountId: string,
  code: string | undefined,
  now = new Date(),
): Promise<SecondFactor> {
  const row = await db
    .selectFrom('account_totp')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  if (!row) return { use: async () => true };
  const typed = code === undefined ? '' : normalize(code);
  if (!typed) return 'missing';
  const step = stepOf(await unseal(db, accountId, row.secret_sealed), typed, now);
  if (step !== undefined) {
    if (row.last_step !== null && step <= Number(row.last_step)) return 'wrong';
    // Only the first use of a step wins, even among sign-ins racing with the same code.
    return {
      use: async () => {
        const r = await db
          .updateTable('account_totp')
          .set({ last_step: step })
          .where('account_id', '=', accountId)
          .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
          .executeTakeFirst();
        return Number(r.numUpdatedRows) === 1;
      },
    };
  }
  const hash = hashCode(typed);
  const recovery = await db
    .selectFrom('account_recovery_code')
    .select('code_hash')
    .where('account_id', '=', accountId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (!recovery) return 'wrong';
  return {
    use: async () => {
      const r = await db
        .updateTable('account_recovery_code')
        .set({ used_at: now.toISOString() })
        .where('account_id', '=', accountId)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}

/** Checks and uses up a code of an account with two-factor sign-in on (for turning it off, or new recovery codes). */
export async function useCode(
  db: Db,
  accountId: string,
  code: string,
  now = new Date(),
): Promise<boolean> {
  const factor = await checkSecondFactor(db, accountId, code, now);
  return typeof factor === 'object' && (await factor.use());
}

export async function requireEnabled(db: Db, accountId: string): Promise<void> {
  if (!(await twoFactorStatus(db, accountId)).enabled) throw notOn();
}

export async function disableTwoFactor(db: Db, accountId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('account_recovery_code').where('account_id', '=', accountId).execute();
    await tx.deleteFrom('account_totp').where('account_id', '=', accountId).execute();
  });
}

export async function regenerateRecoveryCodes(
  db: Db,
  accountId: string,
  now = new Date(),
): Promise<string[]> {
  return db.transaction().execute((tx) => replaceRecoveryCodes(tx, accountId, now.toISOString()));
}

/** The 401 of a right password without the code two-factor sign-in needs: `details.otp` tells the form to ask for it. */
export const codeRequired = () =>
  new ApiError(
    'InvalidCredentials',
    'Enter the code from your authenticator app, or a recovery code.',
    { otp: 'A two-factor code is required for this account.' },
  );
