// The data plane behind every state change. Handlers never call it: the worker does, one job
// step at a time, so a real provider can replace the simulated one without touching handlers.
// Each kind declares its operations beside its jobs (`declare module` on DataPlaneOps), so a
// new kind adds no line here, and a misspelt operation or a wrong spec does not compile.

/** Which job step is asking, so a provider can make each step's call idempotent. */
export interface StepRef {
  jobId: string;
  step: string;
}

/** Operation name → what the data plane is told with it; filled in by the kinds. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members come from the kinds
export interface DataPlaneOps {}
export type DataPlaneOp = keyof DataPlaneOps;

export interface DataPlane {
  /** Asks the data plane to do `op` to the resource; resolves once it has accepted it. */
  call<Op extends DataPlaneOp>(
    op: Op,
    resourceId: string,
    spec: DataPlaneOps[Op],
    ref: StepRef,
  ): Promise<void>;
}
