// A private subnet's transitional states, with no validation library: the console's list needs
// them on the first screen for its polling; the kind's descriptor in private-subnet.ts uses
// them (decision 225).

/** States a subnet passes through on its own; the console polls while one is on screen. */
export const PRIVATE_SUBNET_TRANSITIONAL_STATES: readonly string[] = ['deleting'];
