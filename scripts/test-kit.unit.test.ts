// The published test kit (packages/console-test-kit): its generated files are current, it
// imports nothing of this repository but itself, and its packed tarball installs in another
// repository, where its types and its module resolve by package name.
import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '#shared/openapi';
import { kitRoutesSource } from '#shared/route-map';
import { kitTypesFile, openApiTypesSource } from './openapi-types.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const kit = path.join(root, 'packages', 'console-test-kit');
const dir = mkdtempSync(path.join(tmpdir(), 'test-kit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the test kit', () => {
  it('has current generated files (run `npm run openapi` after changing routes)', async () => {
    expect(readFileSync(path.join(kit, 'src', 'routes.gen.ts'), 'utf8')).toBe(kitRoutesSource());
    expect(readFileSync(kitTypesFile, 'utf8')).toBe(
      await openApiTypesSource(openApiDocument({ withConsole: true })),
    );
  }, 60_000);

  it('imports only @playwright/test, node: modules and its own files', () => {
    const sources = readdirSync(path.join(kit, 'src'), { recursive: true, encoding: 'utf8' });
    const imports = sources
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        [...readFileSync(path.join(kit, 'src', f), 'utf8').matchAll(/from '([^']+)'/g)].map(
          (m) => m[1]!,
        ),
      );
    expect(imports.filter((i) => !/^(\.{1,2}\/|node:|@playwright\/test$)/.test(i))).toEqual([]);
  });

  it('packs into a tarball that another repository installs and resolves by name', () => {
    const packed = execFileSync(
      'npm',
      ['pack', '--offline', '--silent', '--pack-destination', dir],
      { cwd: kit, encoding: 'utf8' },
    );
    const tarball = path.join(dir, packed.trim().split('\n').at(-1)!);
    // A repository elsewhere, with the peer (@playwright/test) installed: this repository's copy.
    const consumer = path.join(dir, 'consumer');
    try {
      const installed = path.join(consumer, 'node_modules', 'console-test-kit');
      mkdirSync(installed, { recursive: true });
      mkdirSync(path.join(consumer, 'node_modules', '@playwright'));
      // What `npm install @playwright/test` puts there: it and its two dependencies, hoisted.
      for (const dep of ['@playwright/test', 'playwright', 'playwright-core'])
        symlinkSync(path.join(root, 'node_modules', dep), path.join(consumer, 'node_modules', dep));
      execFileSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1']);
      writeFileSync(
        path.join(consumer, 'use.ts'),
        [
          "import { ConsoleApi, VmDetailPage, test, routes, type ResponseOf } from 'console-test-kit';",
          "export const vm: ResponseOf<'getVm'> | undefined = undefined;",
          'export { ConsoleApi, VmDetailPage, test };',
          'export const url: string = routes.getVm.path;',
          '',
        ].join('\n'),
      );
      writeFileSync(
        path.join(consumer, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            module: 'nodenext',
            moduleResolution: 'nodenext',
            target: 'es2023',
            strict: true,
            noEmit: true,
            skipLibCheck: false,
            types: ['node'],
            typeRoots: [path.join(root, 'node_modules', '@types')],
          },
          files: ['use.ts'],
        }),
      );
      writeFileSync(path.join(consumer, 'package.json'), '{"type":"module"}');
      execFileSync(process.execPath, [
        path.join(root, 'node_modules/typescript/bin/tsc'),
        '-p',
        consumer,
      ]);
      const exported = execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          "const kit = await import('console-test-kit'); console.log(typeof kit.ConsoleApi, typeof kit.VmDetailPage, kit.routes.getVm.method);",
        ],
        { cwd: consumer, encoding: 'utf8' },
      );
      expect(exported.trim()).toBe('function function get');
    } finally {
      rmSync(consumer, { recursive: true, force: true });
    }
  }, 120_000);
});
