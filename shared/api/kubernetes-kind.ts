// A Kubernetes cluster's states, with no validation library: the console's list filter and its
// polling need them on the first screen, and the schemas in kubernetes.ts are built on them
// (decision 225).
// Its words and name hint are stated here once too, for the descriptor and the console's pages.
import { KUBERNETES_NAME_MAX } from '../catalog.ts';
import { nameHint, type KindWords } from '../name-hint.ts';

/**
 * A cluster's `display_state`: `updating` while a node pool is added, resized or removed or a
 * node is retired (decision 126); actions other than delete need `running`.
 */
export const KUBERNETES_DISPLAY_STATES = [
  'creating',
  'running',
  'updating',
  'upgrading',
  'deleting',
  'failed',
] as const;
export type KubernetesDisplayState = (typeof KUBERNETES_DISPLAY_STATES)[number];

/** States a cluster passes through on its own; the console polls while one is on screen. */
export const KUBERNETES_TRANSITIONAL_STATES: readonly string[] = [
  'creating',
  'updating',
  'upgrading',
  'deleting',
] satisfies KubernetesDisplayState[];

export const KUBERNETES_CLUSTER_WORDS = {
  singular: 'Kubernetes cluster',
  plural: 'Kubernetes clusters',
} as const satisfies KindWords;
/** Under a page titled with the full words, the console's list says less. */
export const KUBERNETES_CLUSTER_SHORT_WORDS = {
  singular: 'cluster',
  plural: 'clusters',
} as const satisfies KindWords;
export const KUBERNETES_CLUSTER_NAME_HINT = nameHint(KUBERNETES_NAME_MAX, 'location');

/**
 * A cluster's changes (upgrade, node pools, node retirement) start only from this display state,
 * one at a time (decision 126); delete needs none. The BFF refuses a change from any other (409);
 * the console offers it only then.
 */
export const KUBERNETES_CHANGES_FROM = 'running' satisfies KubernetesDisplayState;
export const clusterTakesChanges = (displayState: string) =>
  displayState === KUBERNETES_CHANGES_FROM;
