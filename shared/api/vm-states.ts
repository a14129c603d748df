// A VM's states, with no validation library: the console's list filter and its polling need
// them on the first screen, and the schemas in vm.ts are built on them (decision 225).
export const VM_STATES = ['creating', 'running', 'restarting', 'stopping', 'stopped', 'starting', 'deleting', 'failed'] as const;
export type VmState = (typeof VM_STATES)[number];

/** States a VM passes through on its own; the console polls while one is on screen. */
export const VM_TRANSITIONAL_STATES: readonly string[] = ['creating', 'restarting', 'stopping', 'starting', 'deleting'] satisfies VmState[];
