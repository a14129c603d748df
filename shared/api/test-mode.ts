// Test mode (docs/testing.md): routes a QA suite steers the simulated cloud with. Mounted only
// with TEST_MODE=1; otherwise each answers the 404 of an unknown route. The project's routes
// are for its admins; the instance's take TEST_MODE_TOKEN (`testModeToken`).
import { z } from 'zod';
import { idPattern } from '../ids.ts';
import { referenceSchema } from '../names.ts';
import { ROLES } from '../roles.ts';
import {
  current,
  idOf,
  inProject,
  P,
  project_id,
  route,
  type RouteList,
} from '../route-helpers.ts';
import { emailSchema } from './auth.ts';
import { outboxMailSchema } from './mail.ts';

export const TEST_TAG = 'Test mode';

/** The kinds whose jobs can be made to fail. */
export const FAULT_KINDS = ['vm', 'postgres', 'kubernetes', 'load_balancer'] as const;
/** What a fault rule or a magic name can fail: a job's operation. */
export const FAULT_OPERATIONS = [
  'create',
  'delete',
  'start',
  'stop',
  'restart',
  'update',
  'upgrade',
  'promote',
  'recycle',
] as const;

/** The header the instance-level test-mode routes take: TEST_MODE_TOKEN. */
export const TEST_MODE_TOKEN_HEADER = 'Test-Mode-Token';

export const testFaultSchema = z
  .strictObject({
    id: z.string().regex(idPattern('testFault')),
    kind: z.enum(FAULT_KINDS),
    operation: z.enum(FAULT_OPERATIONS),
    reason: z.string(),
    /** How many more steps it fails; null: until removed. */
    count: z.number().int().nullable(),
    /** The chance each matching step fails; null: every one. */
    probability: z.number().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'TestFault' });
export type TestFault = z.infer<typeof testFaultSchema>;

export const addTestFaultBodySchema = z
  .strictObject({
    kind: z.enum(FAULT_KINDS, { error: `kind must be one of ${FAULT_KINDS.join(', ')}.` }),
    operation: z.enum(FAULT_OPERATIONS, {
      error: `operation must be one of ${FAULT_OPERATIONS.join(', ')}.`,
    }),
    /** What the failed resource's state_reason says; a realistic reason for the kind and operation by default. */
    reason: z
      .string({ error: 'reason must be a string.' })
      .min(1, 'reason must not be empty.')
      .max(500, 'reason must be at most 500 characters.')
      .optional(),
    count: z
      .number({ error: 'count must be a whole number from 1 to 1000.' })
      .int('count must be a whole number from 1 to 1000.')
      .min(1, 'count must be a whole number from 1 to 1000.')
      .max(1000, 'count must be a whole number from 1 to 1000.')
      .optional(),
    probability: z
      .number({ error: 'probability must be a number from 0 to 1.' })
      .min(0, 'probability must be a number from 0 to 1.')
      .max(1, 'probability must be a number from 0 to 1.')
      .optional(),
  })
  .meta({ id: 'AddTestFaultBody' });

export const testSettingsSchema = z
  .strictObject({
    /** This project's step delay in milliseconds instead of PROVISION_DELAY_MS; null: the instance's. */
    delay_ms: z.number().int().nullable(),
  })
  .meta({ id: 'TestSettings' });

export const updateTestSettingsBodySchema = z
  .strictObject({
    delay_ms: z
      .number({
        error: 'delay_ms must be a whole number of milliseconds from 0 to 3600000, or null.',
      })
      .int('delay_ms must be a whole number of milliseconds from 0 to 3600000, or null.')
      .min(0, 'delay_ms must be a whole number of milliseconds from 0 to 3600000, or null.')
      .max(3_600_000, 'delay_ms must be a whole number of milliseconds from 0 to 3600000, or null.')
      .nullable(),
  })
  .meta({ id: 'UpdateTestSettingsBody' });

/** Which transitions a hold or release is about: one resource by ID, every resource of a name, or (neither) all of the project's. */
export const holdBodySchema = z
  .strictObject({
    resource_id: z.string({ error: 'resource_id must be a string.' }).min(1).max(100).optional(),
    name: z.string({ error: 'name must be a string.' }).min(1).max(100).optional(),
  })
  .refine((b) => !(b.resource_id && b.name), {
    message: 'Give resource_id or name, not both.',
    path: ['name'],
  })
  .meta({ id: 'TestHoldBody' });

export const holdListSchema = z
  .strictObject({
    /** Resource IDs, names, or `*` for the whole project. */
    items: z.array(z.strictObject({ target: z.string(), created_at: z.string() })),
  })
  .meta({ id: 'TestHoldList' });

export const advanceBodySchema = z
  .strictObject({
    /** A test clock: run what would be due within this many seconds, bring later steps as much closer, and move every stored time the product compares with the clock (expiries, backups, retry windows, usage; the instance's: also sessions and throttles) as far into the past; absent: run everything waiting (held steps excepted). */
    seconds: z
      .number({ error: 'seconds must be a whole number from 0 to 31536000.' })
      .int()
      .min(0)
      .max(31_536_000)
      .optional(),
  })
  .meta({ id: 'TestAdvanceBody' });

export const advanceResultSchema = z
  .strictObject({ jobs_due: z.number().int() })
  .meta({ id: 'TestAdvanceResult' });

export const resetResultSchema = z
  .strictObject({
    projects: z.number().int().meta({ description: 'Projects whose forced delete started' }),
    accounts: z.number().int().meta({ description: 'Accounts deleted' }),
    complete: z
      .boolean()
      .meta({ description: 'Every project is gone (false: still going after the wait)' }),
  })
  .meta({ id: 'TestResetResult' });

const MAX_WAIT = 10;
export const outboxQuerySchema = z.strictObject({
  to: z.string().max(320).optional(),
  /** Only mails kept after this time (ISO 8601). */
  since: z.iso
    .datetime({ error: 'since must be an ISO 8601 time such as 2026-01-01T00:00:00.000Z.' })
    .optional(),
  /** Seconds (at most 10) to wait for a matching mail when there is none yet. */
  wait: z
    .string()
    .regex(/^\d{1,2}$/, `wait must be a whole number of seconds from 0 to ${MAX_WAIT}.`)
    .transform(Number)
    .refine((n) => n <= MAX_WAIT, `wait must be a whole number of seconds from 0 to ${MAX_WAIT}.`)
    .optional(),
});
export const outboxListSchema = z
  .strictObject({ items: z.array(outboxMailSchema) })
  .meta({ id: 'TestOutbox' });

export const testAccountBodySchema = z
  .strictObject({
    email: emailSchema,
    password: z
      .string({ error: 'password must be a string.' })
      .min(8, 'password must be at least 8 characters.')
      .max(200),
    memberships: z
      .array(
        z.strictObject({
          project_id,
          role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}.` }),
        }),
      )
      .max(100)
      .default([]),
  })
  .meta({ id: 'AddTestAccountBody' });

export const testAccountSchema = z
  .strictObject({
    id: z.string().regex(idPattern('account')),
    email: z.string(),
    memberships: z.array(z.strictObject({ project_id: z.string(), role: z.enum(ROLES) })),
  })
  .meta({ id: 'TestAccount' });

export const instanceInfoSchema = z
  .strictObject({ test_mode: z.boolean() })
  .meta({ id: 'InstanceInfo' });

const DISK_USAGE_MESSAGE = 'disk_usage_percent must be a number from 0 to 100, or null.';
/** A database's simulated disk usage: what its metrics show and a storage scale-down is checked against. */
export const setTestDiskUsageBodySchema = z
  .strictObject({
    /** Percent of the database's current storage; null: no usage known (metrics unavailable). */
    disk_usage_percent: z
      .number({ error: DISK_USAGE_MESSAGE })
      .min(0, DISK_USAGE_MESSAGE)
      .max(100, DISK_USAGE_MESSAGE)
      .nullable(),
  })
  .meta({ id: 'SetTestDiskUsageBody' });
export const testDiskUsageSchema = z
  .strictObject({ postgres_id: z.string(), disk_usage_percent: z.number().nullable() })
  .meta({ id: 'TestDiskUsage' });

const inProjectTest = { ...current, tag: TEST_TAG, access: 'admin' } as const;
const instanceTest = {
  base: '/api',
  generation: 'current',
  auth: false,
  tag: TEST_TAG,
  testModeToken: true,
} as const;
const T = `${P}/_test`;

export const testModeRoutes = {
  // Always mounted: the console's banner asks it.
  getInstanceInfo: route({
    method: 'get',
    base: '/auth',
    path: '/instance',
    generation: 'current',
    auth: false,
    tag: 'Console',
    summary: 'What the console shows about this instance: whether test mode is on',
    response: instanceInfoSchema,
  }),
  getTestSettings: route({
    ...inProjectTest,
    method: 'get',
    path: `${T}/settings`,
    summary: "The project's test settings (its step delay)",
    params: inProject,
    response: testSettingsSchema,
  }),
  updateTestSettings: route({
    ...inProjectTest,
    method: 'patch',
    path: `${T}/settings`,
    summary: "Set the project's step delay (delay_ms, null for PROVISION_DELAY_MS)",
    params: inProject,
    body: updateTestSettingsBodySchema,
    response: testSettingsSchema,
  }),
  setTestDiskUsage: route({
    ...inProjectTest,
    method: 'post',
    path: `${T}/postgres/{postgres_database_reference}/disk-usage`,
    summary:
      "Fix a database's simulated disk usage (its metrics show it; a storage scale-down is checked against it), or make it unknown (null)",
    params: z.strictObject({ project_id, postgres_database_reference: referenceSchema }),
    body: setTestDiskUsageBodySchema,
    response: testDiskUsageSchema,
  }),
  listTestFaults: route({
    ...inProjectTest,
    method: 'get',
    path: `${T}/fault`,
    summary: "The project's fault rules",
    params: inProject,
    response: z.strictObject({ items: z.array(testFaultSchema) }),
  }),
  addTestFault: route({
    ...inProjectTest,
    method: 'post',
    path: `${T}/fault`,
    summary:
      'Add a fault rule: the matching operations of the project fail with its reason (count times, or with a probability, or until removed)',
    params: inProject,
    body: addTestFaultBodySchema,
    response: testFaultSchema,
  }),
  removeTestFault: route({
    ...inProjectTest,
    method: 'delete',
    path: `${T}/fault/{fault_id}`,
    summary: 'Remove a fault rule',
    params: z.strictObject({ project_id, fault_id: idOf('testFault', 'fault rule') }),
  }),
  listTestHolds: route({
    ...inProjectTest,
    method: 'get',
    path: `${T}/hold`,
    summary: "The project's holds",
    params: inProject,
    response: holdListSchema,
  }),
  holdTestTransitions: route({
    ...inProjectTest,
    method: 'post',
    path: `${T}/hold`,
    summary:
      "Hold the next transition of a resource (by ID or name; neither: all of the project's) until released",
    params: inProject,
    body: holdBodySchema,
    response: holdListSchema,
  }),
  releaseTestTransitions: route({
    ...inProjectTest,
    method: 'post',
    path: `${T}/release`,
    summary:
      'Release held transitions (by ID or name; neither: every hold of the project): they run now',
    params: inProject,
    body: holdBodySchema,
    response: holdListSchema,
  }),
  advanceTestClock: route({
    ...inProjectTest,
    method: 'post',
    path: `${T}/advance`,
    summary:
      "Run the project's waiting steps now (transitions, webhook retries); with `seconds`, let that much time pass for everything the project times",
    params: inProject,
    body: advanceBodySchema,
    response: advanceResultSchema,
  }),
  listProjectTestOutbox: route({
    ...inProjectTest,
    method: 'get',
    path: `${T}/outbox`,
    summary:
      "The project's invitation mails in the outbox, newest first; `wait` long-polls for the next",
    params: inProject,
    query: outboxQuerySchema,
    response: outboxListSchema,
  }),
  listTestOutbox: route({
    ...instanceTest,
    method: 'get',
    path: '/_test/outbox',
    summary: 'Every mail in the outbox, newest first (at most 100); `wait` long-polls for the next',
    query: outboxQuerySchema,
    response: outboxListSchema,
  }),
  clearTestOutbox: route({
    ...instanceTest,
    method: 'delete',
    path: '/_test/outbox',
    summary: 'Empty the outbox (only the mails to `to`, if given)',
    query: z.strictObject({ to: z.string().max(320).optional() }),
  }),
  advanceTestClockInstance: route({
    ...instanceTest,
    method: 'post',
    path: '/_test/advance',
    summary:
      "Run every project's waiting steps now; with `seconds`, let that much time pass for everything the instance times, sessions included",
    body: advanceBodySchema,
    response: advanceResultSchema,
  }),
  addTestAccount: route({
    ...instanceTest,
    method: 'post',
    path: '/_test/account',
    summary:
      'Make a verified account with the given project memberships (exempt from the sign-in throttles in test mode)',
    body: testAccountBodySchema,
    response: testAccountSchema,
  }),
  resetTestInstance: route({
    ...instanceTest,
    method: 'post',
    path: '/_test/reset',
    summary:
      'Empty the instance: every project deleted with all it holds, every account, the outbox, holds and fault rules',
    response: resetResultSchema,
  }),
  deleteTestAccount: route({
    ...instanceTest,
    method: 'delete',
    path: '/_test/account/{account_id}',
    summary: "Delete an account (refused while it is a project's only admin)",
    params: z.strictObject({ account_id: idOf('account', 'account') }),
  }),
} as const satisfies RouteList;
