// The data plane behind every state change. Handlers never call it: the worker does, one job
// step at a time, so a real provider can replace the simulated one without touching handlers.

/** Which job step is asking, so a provider can make each step's call idempotent. */
export interface StepRef {
  jobId: string;
  step: string;
}

export interface VmSpec {
  id: string;
  name: string;
  location: string;
  size: string;
  bootImage: string;
  unixUser: string;
  publicKey: string;
}

export interface DataPlane {
  createVm(vm: VmSpec, ref: StepRef): Promise<void>;
  restartVm(vmId: string, ref: StepRef): Promise<void>;
  stopVm(vmId: string, ref: StepRef): Promise<void>;
  startVm(vmId: string, ref: StepRef): Promise<void>;
  destroyVm(vmId: string, ref: StepRef): Promise<void>;
  destroySubnet(subnetId: string, ref: StepRef): Promise<void>;
}
