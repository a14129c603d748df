// The OpenAPI document as client generators see it (decision 261): Redocly's linter with its
// recommended rules finds no error, openapi-typescript and @hey-api/openapi-ts generate from it
// without a complaint, and what they generate typechecks. bff/src/http/openapi-journey.test.ts
// then calls the real server with a client typed by openapi-typescript's output.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openApiDocument } from '#shared/openapi';
import { openApiTypesSource, typesFile } from './openapi-types.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const dir = mkdtempSync(path.join(tmpdir(), 'openapi-clients-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const document = openApiDocument();
const documentFile = path.join(dir, 'openapi.json');
writeFileSync(documentFile, JSON.stringify(document));

/** Runs a command in the temporary directory (no config file of ours applies) to its end. */
function run(
  cmd: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  // No telemetry, no update check: the tests run offline.
  const env = {
    ...process.env,
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
  };
  return new Promise((resolve) => {
    execFile(cmd, args, { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** Every value in `value` (depth first) for which `pick` answers something. */
function collect<T>(
  value: unknown,
  pick: (node: Record<string, unknown>) => T | undefined,
  out: T[] = [],
): T[] {
  if (Array.isArray(value)) for (const item of value) collect(item, pick, out);
  else if (value !== null && typeof value === 'object') {
    const found = pick(value as Record<string, unknown>);
    if (found !== undefined) out.push(found);
    for (const child of Object.values(value)) collect(child, pick, out);
  }
  return out;
}

/** Warnings of the recommended rules that the API's shape gives and that no client minds. */
const ACCEPTED_WARNINGS = new Set([
  // No licence is granted: the project is private.
  'info-license',
  // A legacy `…/vm/id/{vm_id}` beside a current `…/vm/{vm_reference}/restart` (and subnets alike): the origin API's paths; literals win.
  'no-ambiguous-paths',
]);

describe('the OpenAPI document for client generators', { timeout: 120_000 }, () => {
  it('names every schema with an id as a component, and every $ref resolves in the document', () => {
    const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
    expect(Object.keys(schemas).length).toBeGreaterThan(100);
    expect(schemas).toHaveProperty('Vm');
    expect(schemas).toHaveProperty('Error');
    expect(schemas).toHaveProperty('LegacyError');
    expect(collect(document, (node) => ('$defs' in node ? node : undefined))).toEqual([]);
    const refs = collect(document, (node) =>
      typeof node.$ref === 'string' ? node.$ref : undefined,
    );
    expect(refs.length).toBeGreaterThan(0);
    const unresolved = refs.filter((ref) => {
      if (!ref.startsWith('#/')) return true;
      let at: unknown = document;
      for (const part of ref.slice(2).split('/'))
        at = (at as Record<string, unknown> | undefined)?.[
          part.replace(/~1/g, '/').replace(/~0/g, '~')
        ];
      return at === undefined;
    });
    expect(unresolved).toEqual([]);
  });

  it('says which operations need no authentication', () => {
    const operations = Object.values(
      document.paths as Record<
        string,
        Record<string, { operationId: string; security?: unknown[] }>
      >,
    ).flatMap((p) => Object.values(p));
    expect(
      operations.filter((op) => op.security === undefined).map((op) => op.operationId),
    ).toEqual([]);
    expect(
      operations.filter((op) => op.security?.length === 0).map((op) => op.operationId),
    ).toEqual(['login']);
  });

  it.concurrent('passes `redocly lint` with the recommended rules without an error', async () => {
    const { stdout, stderr } = await run(bin('redocly'), [
      'lint',
      documentFile,
      '--extends=recommended',
      '--format=json',
      '--max-problems=100000',
    ]);
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
      totals: { errors: number };
      problems: { ruleId: string; severity: string; message: string }[];
    };
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message}`);
    expect(errors, stderr).toEqual([]);
    expect(report.totals.errors).toBe(0);
    const warnings = report.problems
      .filter((p) => p.severity !== 'error' && !ACCEPTED_WARNINGS.has(p.ruleId))
      .map((p) => `${p.ruleId}: ${p.message}`);
    expect(warnings).toEqual([]);
  });

  it.concurrent(
    'openapi-typescript makes the committed types from it without a warning (run `npm run openapi` after changing routes)',
    async () => {
      const warn = vi.spyOn(console, 'warn');
      const error = vi.spyOn(console, 'error');
      try {
        const source = await openApiTypesSource(document);
        expect(source).toBe(readFileSync(typesFile, 'utf8'));
        writeFileSync(path.join(dir, 'schema.d.ts'), source);
        expect([...warn.mock.calls, ...error.mock.calls]).toEqual([]);
      } finally {
        warn.mockRestore();
        error.mockRestore();
      }
    },
  );

  it.concurrent(
    '@hey-api/openapi-ts generates a client from it, and the client typechecks',
    async () => {
      const generated = await run(bin('openapi-ts'), [
        '--input',
        documentFile,
        '--output',
        path.join(dir, 'hey-api'),
        '--logs',
        path.join(dir, 'logs'),
      ]);
      expect(generated.code, generated.stdout + generated.stderr).toBe(0);
      expect(generated.stdout).toContain('Done!');
      expect(generated.stdout + generated.stderr).not.toMatch(/warn|error|fail/i);
      // A use of it, so the typecheck proves the names a reader would look for.
      writeFileSync(
        path.join(dir, 'use.ts'),
        [
          "import { createVm, listVms, type Vm, type CreateVmBody, type LegacyError } from './hey-api';",
          "const body: CreateVmBody = { public_key: 'ssh-ed25519 AAAA' };",
          'export async function use(): Promise<Vm | LegacyError | undefined> {',
          "  const path = { project_id: 'pj', location_name: 'eu-central-h1' };",
          "  await listVms({ path: { project_id: 'pj' }, query: { page_size: '10' } });",
          "  const created = await createVm({ path: { ...path, vm_name: 'web' }, body });",
          '  return created.data ?? created.error;',
          '}',
          '',
        ].join('\n'),
      );
      const compilerOptions = {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        types: [],
      };
      writeFileSync(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({ compilerOptions, include: ['hey-api/**/*.ts', 'use.ts'] }),
      );
      const typecheck = await run(bin('tsc'), ['-p', path.join(dir, 'tsconfig.json')]);
      expect(typecheck.stdout + typecheck.stderr).toBe('');
      expect(typecheck.code).toBe(0);
    },
  );
});
