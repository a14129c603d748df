// A load balancer's states, with no validation library: the console's list needs them on the
// first screen for its polling, and the schemas in load-balancer.ts are built on them
// (decision 225).
// Its words and name hint are stated here once too, for the descriptor and the console's pages.
import { nameHint, type KindWords } from '../name-hint.ts';

export const LB_STATES = ['creating', 'running', 'deleting', 'failed'] as const;
export type LbState = (typeof LB_STATES)[number];

/** States a load balancer passes through on its own; the console polls while one is on screen. */
export const LB_TRANSITIONAL_STATES: readonly string[] = [
  'creating',
  'deleting',
] satisfies LbState[];

export const LOAD_BALANCER_WORDS = {
  singular: 'load balancer',
  plural: 'load balancers',
} as const satisfies KindWords;
export const LOAD_BALANCER_NAME_HINT = nameHint(63, 'location');

/**
 * An IPv4 or dual-stack load balancer takes only VMs with a public IPv4 (the origin's rule,
 * decision 289); an IPv6 one takes any VM.
 */
export const lbNeedsVmIp4 = (stack: string | undefined): boolean =>
  stack === 'ipv4' || stack === 'dual';

/** The origin's words for attaching a VM without a public IPv4 to such a load balancer. */
export const LB_VM_WITHOUT_IP4_MESSAGE =
  'You cannot attach a VM to a load balancer with IPv4 enabled if the VM does not have IPv4 enabled';
