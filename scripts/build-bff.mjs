// Compiles the BFF (and the shared code it imports) into one CommonJS file, dist/bff/server.cjs,
// so `npm start` runs plain JavaScript: no TypeScript loader at run time (decision 114), compiled
// with V8's code cache of the previous start (scripts/run-bundle.mjs, decision 254).
// Packages stay in node_modules; the Swagger UI page beside the bundle. `npm start` runs this
// when the bundle is missing or older than any source file (scripts/start.mjs).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const OUT = path.join(root, 'dist/bff/server.cjs');
/** What the bundle is made of: newer than the bundle means it is stale. */
export const SOURCES = [
  'bff/src',
  'shared',
  'package.json',
  'package-lock.json',
  'scripts/build-bff.mjs',
];

function newest(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
}

/** True when dist/bff/server.cjs is missing or older than a source file. */
export function bffBuildIsStale() {
  if (!fs.existsSync(OUT)) return true;
  const built = fs.statSync(OUT).mtimeMs;
  return SOURCES.some((s) => newest(path.join(root, s)) > built);
}

/**
 * Packages left out of the bundle, loaded from node_modules: native addons, packages that load
 * files of their own at run time (Swagger UI's page, the password list; pino loads its worker
 * threads' files only for transports, which the BFF does not use, so it is bundled),
 * and those the BFF loads only when first needed, which a start should not pay for. Every other
 * package is bundled: loading one file is much faster than loading hundreds (decision 239).
 */
const EXTERNAL = [
  'better-sqlite3',
  '@node-rs/argon2',
  'pg',
  'swagger-ui-dist',
  'popular-passwords',
  '@peculiar/x509',
  'reflect-metadata',
  'nodemailer',
  'qrcode',
  'jose',
];

export async function buildBff() {
  // Loaded only to build: a start with a fresh bundle does not pay for it.
  const { build } = await import('esbuild');
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  // Development tools (the Vite dev server's proxy) are never bundled.
  const external = [...EXTERNAL, ...Object.keys(pkg.devDependencies)].flatMap((d) => [d, `${d}/*`]);
  await build({
    absWorkingDir: root,
    entryPoints: ['bff/src/server.ts'],
    outfile: OUT,
    bundle: true,
    platform: 'node',
    // CommonJS, which vm.Script compiles with a code cache (Node 20 has no cache for ES modules).
    // Its `import()` of the packages loaded on first use become `require()`: a script compiled
    // from a code cache loses its dynamic import callback on Node 20.
    format: 'cjs',
    supported: { 'dynamic-import': false },
    target: 'node20',
    external,
    sourcemap: true,
    logLevel: 'warning',
    // The sources' `import.meta.url` (their files and packages found from it): the bundle's.
    define: { 'import.meta.url': 'bundleUrl' },
    banner: { js: "const bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
  fs.cpSync(path.join(root, 'bff/src/http/docs'), path.join(root, 'dist/bff/docs'), {
    recursive: true,
  });
}

if (process.argv[1] === new URL(import.meta.url).pathname) await buildBff();
