// The lint zones of eslint.config.js (decision 060) fail a build: each forbidden import below
// is linted with the project's real config at a file path in the zone it breaks and must give
// an error; the allowed imports next to them must give none. Remove a zone and a case fails.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

const importRules = ['layers/zones', 'no-restricted-imports', 'import-x/no-cycle'];

/** Errors (severity 2, so the build fails) of the import rules for code in a file that need not exist. */
async function errors(file: string, code: string) {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: `${root}${file}` });
  return (result?.messages ?? [])
    .filter((m) => m.severity === 2 && (m.fatal || importRules.includes(m.ruleId ?? '')))
    .map((m) => `${m.ruleId}: ${m.message}`);
}

const shared = 'shared/zone-probe.ts';
const web = 'web/src/lib/zone-probe.ts';
const route = 'web/src/routes/zone-probe.tsx';
const feature = 'web/src/features/vm/components/zone-probe.tsx';
const bff = 'bff/src/resources/zone-probe.ts';
const kind = 'bff/src/resources/vm/zone-probe.ts';
const db = 'bff/src/db/zone-probe.ts';
const migrations = 'bff/src/db/migrations.ts';
const schema = 'bff/src/db/schema.ts';

const forbidden: [string, string, string][] = [
  // [file, code, the rule that must report it]
  [shared, "import { cn } from '../web/src/lib/cn.ts';", 'layers/zones'],
  [shared, "import { cn } from '#web/lib/cn.ts';", 'layers/zones'],
  [shared, "import { createApp } from '../bff/src/app.ts';", 'layers/zones'],
  [shared, "import type { Config } from '#bff/config.ts';", 'layers/zones'],
  [shared, "import { readFileSync } from 'node:fs';", 'no-restricted-imports'],
  [web, "import { createApp } from '../../../bff/src/app.ts';", 'layers/zones'],
  [web, "import { createApp } from '#bff/app.ts';", 'layers/zones'],
  [route, "export { loadConfig } from '../../../bff/src/config.ts';", 'layers/zones'],
  [bff, "import { cn } from '../../../web/src/lib/cn.ts';", 'layers/zones'],
  [bff, "import { cn } from '#web/lib/cn.ts';", 'layers/zones'],
  [bff, "const m = await import('../../../web/src/lib/cn.ts');", 'layers/zones'],
  [
    feature,
    "import { FirewallsTable } from '../../firewall/components/firewalls-table.tsx';",
    'layers/zones',
  ],
  [feature, "import { useProjects } from '../../project/api/list-projects.ts';", 'layers/zones'],
  [
    feature,
    "import { FirewallsTable } from '#web/features/firewall/components/firewalls-table.tsx';",
    'layers/zones',
  ],
  [feature, "export * from '../../auth/api/get-session.ts';", 'layers/zones'],
  [feature, "const m = await import('../../private-subnet/format.ts');", 'layers/zones'],
  [kind, "import { pipeline } from '../../http/pipeline.ts';", 'layers/zones'],
  [kind, "import type { Pipeline } from '../../http/pipeline.ts';", 'layers/zones'],
  [kind, "import { type Handlers } from '../../http/handlers.ts';", 'layers/zones'],
  [kind, "export * from '../../http/send.ts';", 'layers/zones'],
  [bff, "import { mount } from '../http/mount.ts';", 'layers/zones'],
  [db, "import { VM_ACTIONS } from '../resources/vm/vm.service.ts';", 'layers/zones'],
  [db, "import type { VmTables } from '../resources/vm/vm.tables.ts';", 'layers/zones'],
  [db, "const m = await import('../resources/scoped.ts');", 'layers/zones'],
];

const allowed: [string, string][] = [
  [shared, "import { encodeId } from './ids.ts';"],
  [shared, "import { z } from 'zod';"],
  [web, "import { routes } from '#shared/routes';"],
  [web, "import { locationLabel } from '../features/vm/format.ts';"],
  [route, "import { VmsTable } from '../features/vm/components/vms-table.tsx';"],
  [bff, "import { routes } from '#shared/routes';"],
  [bff, "import { loadConfig } from '../config.ts';"],
  [feature, "import { useVm } from '../api/get-vm.ts';"],
  [feature, "import { locationLabel } from '../format.ts';"],
  [feature, "import { locationLabel } from '#web/features/vm/format.ts';"],
  [feature, "import { Button } from '../../../components/ui/button.tsx';"],
  [feature, "import { routes } from '#shared/routes';"],
  [kind, "import type { Handlers, ProjectAccess } from '../../http/handlers.ts';"],
  [kind, "import { createSession } from '../../auth/sessions.ts';"],
  [kind, "import { RawJson } from '../../db/raw-json.ts';"],
  [db, "import { cachedRead } from './read-cache.ts';"],
  [migrations, "import { vmMigrations } from '../resources/vm/vm.tables.ts';"],
  [schema, "import type { VmTables } from '../resources/vm/vm.tables.ts';"],
];

// Linting reads the imported files (for the cycle rule): slow on a busy machine, never hung.
describe('lint zones', { timeout: 60_000 }, () => {
  beforeAll(() => errors(web, "import { cn } from './cn.ts';"), 120_000);

  it.each(forbidden)('%s: %s is an error', async (file, code, rule) => {
    const found = await errors(file, code);
    expect(
      found.some((e) => e.startsWith(`${rule}: `)),
      found.join('\n') || 'no error',
    ).toBe(true);
  });

  it.each(allowed)('%s: %s is allowed', async (file, code) => {
    expect(await errors(file, code)).toEqual([]);
  });
});
