// Installs the test kit here as `npm install <tarball>` would, without the network: packs it
// (`npm pack`, which builds it) and unpacks the tarball into node_modules/console-test-kit.
// Its peer, @playwright/test, is the console repository's copy (found above this folder), the
// one this suite runs with, as one installed next to the kit would be.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const kit = path.join(here, '..', 'packages', 'console-test-kit');
const tmp = mkdtempSync(path.join(tmpdir(), 'console-test-kit-'));
const out = execFileSync('npm', ['pack', '--offline', '--silent', '--pack-destination', tmp], {
  cwd: kit,
  encoding: 'utf8',
});
const tarball = path.join(tmp, out.trim().split('\n').at(-1));
const target = path.join(here, 'node_modules', 'console-test-kit');
rmSync(target, { recursive: true, force: true });
mkdirSync(target, { recursive: true });
execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
rmSync(tmp, { recursive: true, force: true });
console.log(`installed ${path.basename(tarball)} into ${target}`);
