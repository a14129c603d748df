// The create form's choices from `GET P/postgres/capabilities`: the origin's option tree
// (flavor → location → family → size → storage size → HA type, the versions under each flavor).
// A level may be an object (its keys are the options) or an array (its items are).
import { postgresFlavor } from '#shared/catalog';

type Node = unknown;
const VERSION_KEYS = ['version', 'versions'];

function isObject(n: Node): n is Record<string, unknown> {
  return !!n && typeof n === 'object' && !Array.isArray(n);
}

/** The options at a node: an object's keys (but its version list), an array's items. */
export function optionsOf(node: Node): string[] {
  if (Array.isArray(node)) return node.map(String);
  if (isObject(node)) return Object.keys(node).filter((k) => !VERSION_KEYS.includes(k));
  return [];
}

function childOf(node: Node, key: string): Node {
  if (isObject(node)) return node[key];
  if (Array.isArray(node) && node.map(String).includes(key)) return true;
  return undefined;
}

/** The options after following `path` from the root. */
export function optionsAt(tree: Node, path: readonly string[]): string[] {
  let node = tree;
  for (const key of path) node = childOf(node, key);
  return optionsOf(node);
}

/** The versions a flavor offers: its `version(s)` list in the tree, else the catalog's. */
export function versionsOf(tree: Node, flavor: string): string[] {
  const node = childOf(tree, flavor);
  for (const key of VERSION_KEYS) {
    const list = isObject(node) ? node[key] : undefined;
    if (Array.isArray(list)) return list.map(String);
  }
  return [...(postgresFlavor(flavor)?.versions ?? [])];
}

/** The form's choices, in the order of the tree. */
export interface Choice {
  flavor: string;
  location: string;
  version: string;
  family: string;
  size: string;
  storage_size: string;
  ha_type: string;
}

const LEVELS = ['flavor', 'location', 'family', 'size', 'storage_size', 'ha_type'] as const;

/**
 * The choice with every level the tree does not offer under the levels above replaced by the
 * first (or `prefer`red) option there; `version` likewise from the flavor's versions.
 */
export function fitChoice(tree: Node, choice: Choice, prefer: Partial<Choice> = {}): Choice {
  const next = { ...choice };
  const path: string[] = [];
  for (const level of LEVELS) {
    const options = optionsAt(tree, path);
    if (!options.includes(next[level])) {
      const p = prefer[level];
      next[level] = p !== undefined && options.includes(p) ? p : (options[0] ?? '');
    }
    path.push(next[level]);
  }
  const versions = versionsOf(tree, next.flavor);
  if (!versions.includes(next.version)) next.version = prefer.version && versions.includes(prefer.version) ? prefer.version : (versions[versions.length - 1] ?? '');
  return next;
}
