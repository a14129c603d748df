// A Kubernetes cluster's states, with no validation library: the console's list filter and its
// polling need them on the first screen, and the schemas in kubernetes.ts are built on them
// (decision 225).

/**
 * A cluster's `display_state`: `updating` while a node pool is added, resized or removed or a
 * node is retired (decision 126); actions other than delete need `running`.
 */
export const KUBERNETES_DISPLAY_STATES = ['creating', 'running', 'updating', 'upgrading', 'deleting', 'failed'] as const;
export type KubernetesDisplayState = (typeof KUBERNETES_DISPLAY_STATES)[number];

/** States a cluster passes through on its own; the console polls while one is on screen. */
export const KUBERNETES_TRANSITIONAL_STATES: readonly string[] = ['creating', 'updating', 'upgrading', 'deleting'] satisfies KubernetesDisplayState[];
