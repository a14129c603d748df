// ESLint rule `layers/zones`: a file in a zone's `target` must not import anything in its
// `from` (decision 060). Paths are repo-relative folder prefixes; one `*` stands for one folder
// name, and when both `target` and `from` have one, importing from the same name is allowed
// (a feature may import its own files). The import is mapped to a repo path without resolving
// it on disk: relative paths, absolute paths and the `#alias/*` subpath imports of package.json
// (plus `#web/*` and `#bff/*`, which are forbidden across layers whether or not they exist yet).
// So an import is judged by where it points, and a missing file cannot slip through.
// A zone may name `except`: files in its target that the zone does not bind; and `types`:
// files in its `from` whose types (`import type`, `export type`) may still be imported.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function aliases() {
  const found = { '#web/': 'web/src/', '#bff/': 'bff/src/' };
  const imports = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).imports ?? {};
  for (const [key, value] of Object.entries(imports)) {
    if (key.endsWith('/*') && typeof value === 'string' && value.startsWith('./')) {
      found[key.slice(0, -1)] = path.posix.dirname(value.slice(2)) + '/';
    }
  }
  return found;
}

const toPosix = (p) => p.split(path.sep).join('/');

/** The repo-relative path an import specifier points at, or undefined for packages. */
export function importTarget(specifier, filename, aliasMap = aliases()) {
  if (specifier.startsWith('.') || path.isAbsolute(specifier)) {
    return toPosix(path.relative(root, path.resolve(path.dirname(filename), specifier)));
  }
  for (const [prefix, dir] of Object.entries(aliasMap)) {
    if (specifier.startsWith(prefix)) return dir + specifier.slice(prefix.length);
  }
  return undefined;
}

/** Matches a repo path against a folder prefix with at most one `*`; returns what `*` stood for. */
function match(prefix, repoPath) {
  const [head, tail = ''] = prefix.split('*');
  if (!repoPath.startsWith(head)) return undefined;
  if (!prefix.includes('*')) return '';
  const name = repoPath.slice(head.length).split('/')[0];
  return name && repoPath.startsWith(head + name + tail) ? name : undefined;
}

/** Whether a declaration brings in types only: `import type {…}`, erased from the build (an
 * `import { type A }` still loads its module under verbatimModuleSyntax, so it does not count). */
function onlyTypes(node, kind) {
  return node[kind] === 'type';
}

export default {
  rules: {
    zones: {
      meta: {
        type: 'problem',
        docs: { description: 'Forbid imports across the layers of the repository.' },
        schema: [
          {
            type: 'object',
            properties: {
              zones: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    target: { type: 'string' },
                    from: { type: 'string' },
                    message: { type: 'string' },
                    except: { type: 'array', items: { type: 'string' } },
                    types: { type: 'array', items: { type: 'string' } },
                  },
                  required: ['target', 'from', 'message'],
                  additionalProperties: false,
                },
              },
            },
            additionalProperties: false,
          },
        ],
        messages: {
          forbidden: "'{{specifier}}' ({{target}}) must not be imported here: {{message}}",
        },
      },
      create(context) {
        const file = toPosix(path.relative(root, context.filename));
        const zones = (context.options[0]?.zones ?? []).filter(
          (zone) => match(zone.target, file) !== undefined && !(zone.except ?? []).includes(file),
        );
        if (zones.length === 0) return {};
        const aliasMap = aliases();
        function check(source, typeOnly = false) {
          if (!source || typeof source.value !== 'string') return;
          const target = importTarget(source.value, context.filename, aliasMap);
          if (target === undefined) return;
          for (const zone of zones) {
            const from = match(zone.from, target);
            if (from === undefined) continue;
            if (from !== '' && from === match(zone.target, file)) continue;
            if (typeOnly && (zone.types ?? []).includes(target)) continue;
            context.report({
              node: source,
              messageId: 'forbidden',
              data: { specifier: source.value, target, message: zone.message },
            });
          }
        }
        return {
          ImportDeclaration: (node) => check(node.source, onlyTypes(node, 'importKind')),
          ExportNamedDeclaration: (node) => check(node.source, onlyTypes(node, 'exportKind')),
          ExportAllDeclaration: (node) => check(node.source, node.exportKind === 'type'),
          ImportExpression: (node) =>
            check(node.source.type === 'Literal' ? node.source : undefined),
          TSImportType: (node) => check(node.argument?.literal ?? node.source, true),
          TSExternalModuleReference: (node) => check(node.expression),
        };
      },
    },
  },
};
