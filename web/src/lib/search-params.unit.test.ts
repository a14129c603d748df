// The console's URL search parameters are checked by a hand-written parser so the first screen
// loads no zod (decision 225). It must keep what the zod schemas it replaced did: a valid value
// stays, an invalid one becomes undefined (its key kept), an absent one stays absent, unknown
// parameters are dropped. The zod schemas below are the ones the routes used before.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOCATION_NAMES } from '#shared/catalog';
import { VM_STATES } from '#shared/api/vm-kind';
import { ORDER_COLUMNS } from '#shared/wire';
import {
  PAGE_SIZES,
  pagingSearch,
  querySearch,
  locationSearch,
  stateListSearch,
} from './list-search.ts';
import { authSearch } from './redirect.ts';
import { matching, searchParams, text, textList } from './search-params.ts';

const zQuery = { q: z.string().max(100).optional().catch(undefined) };
const zLocation = { location: z.enum(LOCATION_NAMES).optional().catch(undefined) };
const zPaging = {
  sort: z.enum(ORDER_COLUMNS).optional().catch(undefined),
  size: z.literal(PAGE_SIZES).optional().catch(undefined),
  after: z.string().min(1).max(63).optional().catch(undefined),
  trail: z.array(z.string().max(63)).max(500).optional().catch(undefined),
};
const zMinute = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
const zRedirect = z
  .string()
  .max(2048)
  .refine(
    (v) => v.startsWith('/') && !v.startsWith('//') && !v.includes('\\'),
    'Not a local path.',
  );

const minute = matching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
const cases: [string, (s: Record<string, unknown>) => unknown, z.ZodType][] = [
  [
    'a list with a state filter',
    stateListSearch(VM_STATES),
    z.object({
      ...zQuery,
      ...zLocation,
      state: z.enum(VM_STATES).optional().catch(undefined),
      ...zPaging,
    }),
  ],
  [
    'a list by location',
    searchParams({ ...querySearch, ...locationSearch, ...pagingSearch }),
    z.object({ ...zQuery, ...zLocation, ...zPaging }),
  ],
  ['the sign-in pages', authSearch, z.object({ redirect: zRedirect.optional().catch(undefined) })],
  [
    'the audit log',
    searchParams({ action: text(100), from: minute, key: text(63), trail: textList(500, 63) }),
    z.object({
      action: z.string().max(100).optional().catch(undefined),
      from: zMinute.optional().catch(undefined),
      key: z.string().max(63).optional().catch(undefined),
      trail: z.array(z.string().max(63)).max(500).optional().catch(undefined),
    }),
  ],
];

/** What the router hands `validateSearch`: each value JSON-parsed where it parses. */
const value = fc.oneof(
  fc.constantFrom<unknown>(
    ...VM_STATES,
    ...LOCATION_NAMES,
    ...ORDER_COLUMNS,
    ...PAGE_SIZES,
    '10',
    '',
    '/projects',
    '//evil.example',
    '/a\\b',
    '2026-11-23T10:15',
    '2026-11-23T10:15:00',
  ),
  fc.string({ maxLength: 70 }),
  fc.string({ minLength: 95, maxLength: 105 }),
  fc.array(fc.string({ maxLength: 66 }), { maxLength: 4 }),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant(undefined),
);
const keys = [
  'q',
  'location',
  'state',
  'sort',
  'size',
  'after',
  'trail',
  'redirect',
  'action',
  'from',
  'key',
  'other',
  'toString',
];
const search = fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 6 });

describe('URL search parameters', () => {
  for (const [name, parse, schema] of cases) {
    it(`keep what zod kept for ${name}`, () => {
      fc.assert(
        fc.property(search, (input) => {
          const ours = parse(input) as Record<string, unknown>;
          const theirs = schema.parse(input) as Record<string, unknown>;
          expect(ours).toStrictEqual(theirs);
          expect(Object.keys(ours)).toEqual(Object.keys(theirs));
        }),
        { numRuns: 1000 },
      );
    });
  }

  it('drop a whole trail with one bad cursor or more than 500 pages', () => {
    const parse = searchParams(pagingSearch);
    expect(parse({ trail: ['', 'vm-1'] })).toEqual({ trail: ['', 'vm-1'] });
    expect(parse({ trail: ['', 'x'.repeat(64)] })).toEqual({ trail: undefined });
    expect(parse({ trail: Array.from({ length: 501 }, () => 'a') })).toEqual({ trail: undefined });
    expect(parse({ trail: Array.from({ length: 500 }, () => 'a') }).trail).toHaveLength(500);
  });

  it('take a page size as the number the router parsed, not as text', () => {
    const parse = searchParams(pagingSearch);
    expect(parse({ size: 25 })).toEqual({ size: 25 });
    expect(parse({ size: '25' })).toEqual({ size: undefined });
    expect(parse({ size: 30 })).toEqual({ size: undefined });
  });
});
