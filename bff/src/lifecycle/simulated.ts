// The simulated data plane: it records what it was asked to do (table sim_call), which is
// what a test counts to prove that no step ran twice. Time passing is modelled by the
// worker, which schedules the next step PROVISION_DELAY_MS later.
import type { Db } from '../db/database.ts';
import type { DataPlane, DataPlaneOp, StepRef } from './provider.ts';

export class SimulatedDataPlane implements DataPlane {
  constructor(
    private readonly db: Db,
    private readonly worker: string,
  ) {}

  async call(op: DataPlaneOp, resourceId: string, _spec: unknown, ref: StepRef): Promise<void> {
    await this.db
      .insertInto('sim_call')
      .values({
        job_id: ref.jobId,
        step: ref.step,
        operation: op,
        resource_id: resourceId,
        worker: this.worker,
        created_at: new Date().toISOString(),
      })
      .execute();
  }
}
