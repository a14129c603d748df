// Builds the kit for publishing: one ES module (dist/index.js, @playwright/test left to the
// installing repository, its peer dependency) and its type declarations (dist/*.d.ts).
// Installed kits are JavaScript: Playwright does not compile TypeScript under node_modules.
// Uses esbuild and TypeScript from the console's repository (npm pack runs it as `prepack`).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
rmSync(`${here}dist`, { recursive: true, force: true });
await build({
  entryPoints: [`${here}src/index.ts`],
  outfile: `${here}dist/index.js`,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['@playwright/test'],
  logLevel: 'warning',
});
execFileSync(
  process.execPath,
  [fileURLToPath(import.meta.resolve('typescript/bin/tsc')), '-p', `${here}tsconfig.build.json`],
  { stdio: 'inherit' },
);
// The declarations keep the sources' `./x.ts` imports: point them at `./x.js` (its `x.d.ts`),
// which every consumer's TypeScript resolves.
for (const file of readdirSync(`${here}dist`, { recursive: true, encoding: 'utf8' })) {
  if (!file.endsWith('.d.ts')) continue;
  const text = readFileSync(`${here}dist/${file}`, 'utf8');
  writeFileSync(`${here}dist/${file}`, text.replace(/(['"]\.{1,2}\/[^'"]+)\.ts(['"])/g, '$1.js$2'));
}
console.log(`built ${here}dist`);
