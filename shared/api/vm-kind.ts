// A VM's states and the rules over them, with no validation library: the console's list filter,
// its polling and its action buttons need them on the first screen, the BFF enforces the same
// rules, and the schemas in vm.ts are built on them (decision 225).
// Its words and name hint are stated here once too, for the descriptor and the console's pages.
import { nameHint, type KindWords } from '../name-hint.ts';

export const VM_STATES = [
  'creating',
  'running',
  'restarting',
  'stopping',
  'stopped',
  'starting',
  'resizing',
  'deleting',
  'failed',
] as const;
export type VmState = (typeof VM_STATES)[number];

/** States a VM passes through on its own; the console polls while one is on screen. */
export const VM_TRANSITIONAL_STATES: readonly string[] = [
  'creating',
  'restarting',
  'stopping',
  'starting',
  'resizing',
  'deleting',
] satisfies VmState[];

/**
 * A VM's actions: the states each one is taken in and the state it sets, as the origin's
 * `can_restart?`/`can_stop?`/`can_start?` (stop also while starting or restarting: the stop
 * wins). The BFF refuses an action from any other state; the console offers it only from these.
 */
export const VM_ACTIONS = {
  restart: { label: 'Restart', from: ['running'], to: 'restarting' },
  stop: { label: 'Stop', from: ['running', 'starting', 'restarting'], to: 'stopping' },
  start: { label: 'Start', from: ['stopped'], to: 'starting' },
} as const satisfies Record<string, { label: string; from: readonly VmState[]; to: VmState }>;

/** A resize (decision 295) is taken while the VM runs; it goes back to running at the new size. */
export const VM_RESIZE = { from: ['running'], to: 'resizing' } as const satisfies {
  from: readonly VmState[];
  to: VmState;
};

/** Whether `action` is taken in `state`. */
export const allowsAction = (action: VmAction, state: string): boolean =>
  (VM_ACTIONS[action].from as readonly string[]).includes(state);
export type VmAction = keyof typeof VM_ACTIONS;

export const VM_WORDS = { singular: 'VM', plural: 'VMs' } as const satisfies KindWords;
export const VM_NAME_HINT = nameHint(63, 'location');
