// Hostile variations of a request, as fast-check arbitraries of plain data (they do not depend
// on the objects of a run, so a seed repeats the same requests against a rebuilt project).
import fc from 'fast-check';

/** A JSON value written as text by hand, so that keys like `__proto__` and repeated keys survive. */
export type Entries = [string, unknown][];

/** A long repeated string, shown short in fast-check's counterexamples. */
export class Long {
  constructor(
    readonly unit: string,
    readonly times: number,
    readonly close = '',
  ) {}
  toString() {
    return this.unit.repeat(this.times) + this.close.repeat(this.times);
  }
  toJSON() {
    return this.toString();
  }
  [fc.toStringMethod]() {
    return `${JSON.stringify(this.unit)}.repeat(${this.times})${this.close ? ` + ${JSON.stringify(this.close)}.repeat(${this.times})` : ''}`;
  }
}
const long = (unit: string, n: number, close?: string) => new Long(unit, n, close);

export type Mutation =
  /** Replace one path value with this raw (already %-encoded) text. */
  | { kind: 'path'; param: number; raw: string | Long }
  /** Append this raw text to the query string. */
  | { kind: 'query'; raw: string | Long }
  /** Set a body field (an existing field of the schema, or any key) to a value. */
  | { kind: 'field'; field: number | string; value: unknown }
  /** Leave a body field out. */
  | { kind: 'drop'; field: number }
  /** Send the first body field twice, the second time with this value. */
  | { kind: 'repeat'; value: unknown }
  /** Replace the whole body with this text. */
  | { kind: 'raw'; text: string | Long }
  | { kind: 'contentType'; value: string | null }
  | { kind: 'header'; name: string; value: string };

const sizes = [1_000, 65_536, 102_300, 102_390, 102_401, 150_000];
/** Strings near and over the 100 kB body limit, in one- and three-byte characters. */
const hugeString = fc.oneof(
  fc.constantFrom(...sizes).map((n) => long('a', n)),
  fc.constantFrom(...sizes).map((n) => long('€', Math.ceil(n / 3))),
);
const controls = [
  '\u0000',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u202e',
  '\u200b',
  '\ufeff',
  '\ud83d\ude00',
  'e\u0301',
  'İ',
  'ß',
  '%00',
  '\\',
  '"',
  "'",
  '<script>',
  '${x}',
  '../',
];
const controlString = fc
  .array(fc.oneof(fc.constantFrom(...controls), fc.string({ maxLength: 3 })), { maxLength: 12 })
  .map((a) => a.join(''));
const unicodeString = fc.string({ unit: 'binary', maxLength: 40 });
/** Strings that look almost right to the API: enum values, names, CIDRs, ports, IDs. */
const nearMiss = fc.constantFrom(
  '',
  ' ',
  'tcp',
  'UDP',
  'icmp',
  '22',
  '0..65535',
  '65536',
  '22..21',
  '-1',
  '1..2..3',
  '10.0.0.0/8',
  '10.0.0.0/33',
  '::/0',
  '1.2.3.4/-1',
  '256.0.0.1',
  'standard-2',
  'standard-3',
  'ubuntu-jammy',
  'root',
  'ssh-ed25519 AAAA',
  'ssh-rsa',
  'shared',
  'renamed',
  'default-eu-central-h1',
  'Name',
  'a'.repeat(64),
  '-a',
  'a-',
  'ps000000000000000000000000',
  'vm000000000000000000000000',
  'fw000000000000000000000000',
  'fr000000000000000000000000',
  'pj000000000000000000000000',
  'PS000000000000000000000000',
  'ps00000000000000000000000i',
  'true',
  'null',
  'NaN',
  '1e999',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
);
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 2 ** 53 + 1, 1e308, true, false, null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  // Own keys `__proto__` and `constructor` (JSON.parse makes them; an object literal would not).
  fc.constantFrom(
    JSON.parse('{"__proto__":{"polluted":true}}'),
    JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'),
  ),
  hugeString,
  controlString,
  unicodeString,
  nearMiss,
);

/** Raw path values: dot segments, %-escapes good and bad, very long, unicode, names of JS internals. */
const pathValue = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '%2E',
    '.%2e',
    '%2f',
    'a%2Fb',
    '%5c',
    '%00',
    '%',
    '%zz',
    '%e2%82',
    '%ff%fe',
    '%C0%AE',
    '%E2%80%AE',
    '%20shared',
    'shared%20',
    'SHARED',
    'shared%0d%0aX-Injected:%201',
    'shared;x=1',
    'shared%3Fx=1',
    'shared%23x',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'null',
    'undefined',
    '-',
    '0',
    'id',
    '%2A',
    'ps000000000000000000000000',
    'vm000000000000000000000000',
    'fw000000000000000000000000',
    'fr000000000000000000000000',
    'pj000000000000000000000000',
    'Pj000000000000000000000000',
  ),
  unicodeString.map(encodeURIComponent),
  controlString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''))),
  fc.integer({ min: 62, max: 70 }).map((n) => 'a'.repeat(n)),
  fc.constantFrom(300, 4_000, 12_000, 20_000).map((n) => long('a', n)),
);

const queryPart = fc.oneof(
  fc.constantFrom(
    'page_size=1&page_size=2',
    'order_column=name&order_column=id',
    'start_after=a&start_after=b',
    'page_size[]=1',
    'page_size[a]=1',
    '__proto__=x',
    '__proto__[x]=1',
    'constructor[prototype][x]=1',
    'start_after=%',
    'start_after=%zz',
    'page_size=1e3',
    'page_size=0x10',
    'page_size=%205',
    'page_size=99999999999999999999999',
    'page_size=-0',
    'page_size=Infinity',
    'page_size=NaN',
    'page_size=',
    'order_column=',
    'login=a&login=b',
    'password[]=x',
    '&&&',
    '=',
    '=x',
    'x',
    'page_size=1;page_size=2',
  ),
  fc.constant(long('x=b', 5_000)),
  fc
    .tuple(
      fc.constantFrom('page_size', 'start_after', 'order_column', 'login', 'password', 'name', 'x'),
      fc.oneof(unicodeString, controlString, nearMiss),
    )
    .map(([k, v]) => `${k}=${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, ''))}`),
);

const rawBody = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '}',
    '{"a":',
    'nul',
    'null',
    'true',
    '1',
    '"x"',
    '[]',
    '[{}]',
    '{"a":1}}',
    '\u0000',
    '\ufeff{}',
    '{}garbage',
    "{'a':1}",
    '{"a":NaN}',
    '{"a":1e999}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
  ),
  fc.constantFrom(
    long('[', 5_000, ']'),
    long('{"a":[', 3_000, ']}'),
    long('[', 100_000, ']'),
    new Long('{"x":"' + 'a'.repeat(200_000) + '"}', 1),
  ),
  unicodeString,
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
);

const contentType = fc.constantFrom(
  null,
  '',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/merge-patch+json',
  'application/jsonx',
  'text/json',
  '*/*',
  'application/json; charset="utf-8"; x=1',
  'application/json;;',
);

const header = fc.oneof(
  fc
    .constantFrom('gzip', 'deflate', 'br', 'identity', 'x-unknown', 'gzip, gzip')
    .map((value) => ({ name: 'content-encoding', value })),
  fc
    .constantFrom(
      'x-http-method-override',
      'x-forwarded-for',
      'x-forwarded-proto',
      'x-original-url',
      'x-rewrite-url',
    )
    .map((name) => ({ name, value: '/api/project' })),
  fc
    .constantFrom('application/xml', 'text/html', '*/*;q=0', 'application/json;q=0')
    .map((value) => ({ name: 'accept', value })),
);

/** One to four hostile changes to a valid request. `params` and `fields` count the route's own. */
export function mutations(params: number, fields: number): fc.Arbitrary<Mutation[]> {
  const options: fc.Arbitrary<Mutation>[] = [
    fc.record({ kind: fc.constant('query' as const), raw: queryPart }),
    fc.record({
      kind: fc.constant('field' as const),
      field: fc.oneof(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'project_id', 'name', ''),
        fc.string({ maxLength: 10 }),
      ),
      value: hostileValue,
    }),
    fc.record({ kind: fc.constant('raw' as const), text: rawBody }),
    fc.record({ kind: fc.constant('contentType' as const), value: contentType }),
    header.map((h) => ({ kind: 'header' as const, ...h })),
    fc.record({ kind: fc.constant('repeat' as const), value: hostileValue }),
  ];
  if (params > 0)
    options.push(
      fc.record({ kind: fc.constant('path' as const), param: fc.nat(params - 1), raw: pathValue }),
    );
  if (fields > 0) {
    // Weighted: most hostile requests change the route's own fields.
    const field = fc.record({
      kind: fc.constant('field' as const),
      field: fc.nat(fields - 1) as fc.Arbitrary<number | string>,
      value: hostileValue,
    });
    options.push(
      field,
      field,
      fc.record({ kind: fc.constant('drop' as const), field: fc.nat(fields - 1) }),
    );
  }
  return fc.array(fc.oneof(...options), { minLength: 1, maxLength: 4 });
}

/** A request as sent: raw path values, raw query, headers and raw body text. */
export interface RawRequest {
  path: Record<string, string>;
  query: string[];
  headers: Record<string, string>;
  body?: string;
}

const json = (entries: Entries) =>
  `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;

/**
 * Applies the mutations to a valid request (path values, and the body as entries, or none).
 * Path values are %-encoded here; hostile ones are sent as they are.
 */
export function applyMutations(
  ms: Mutation[],
  params: Record<string, string>,
  body: Record<string, unknown> | undefined,
  fieldNames: string[],
): RawRequest {
  const names = Object.keys(params);
  const path = Object.fromEntries(names.map((n) => [n, encodeURIComponent(params[n]!)]));
  let entries: Entries | undefined = body && Object.entries(body);
  let raw: string | undefined;
  let type: string | null | undefined;
  const query: string[] = [];
  const headers: Record<string, string> = {};
  for (const m of ms) {
    switch (m.kind) {
      case 'path':
        path[names[m.param]!] = String(m.raw);
        break;
      case 'query':
        query.push(String(m.raw));
        break;
      case 'field': {
        const key = typeof m.field === 'number' ? fieldNames[m.field]! : m.field;
        entries = [...(entries ?? []).filter(([k]) => k !== key), [key, m.value]];
        break;
      }
      case 'drop':
        entries = entries?.filter(([k]) => k !== fieldNames[m.field]);
        break;
      case 'repeat': {
        const first = entries?.[0]?.[0] ?? 'name';
        entries = [...(entries ?? []), [first, m.value]];
        break;
      }
      case 'raw':
        raw = String(m.text);
        break;
      case 'contentType':
        type = m.value;
        break;
      case 'header':
        headers[m.name] = m.value;
    }
  }
  const text = raw ?? (entries && json(entries));
  if (text !== undefined && type === undefined) type = 'application/json';
  if (typeof type === 'string') headers['content-type'] = type;
  return { path, query, headers, body: text };
}
