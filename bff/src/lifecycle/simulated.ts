// The simulated data plane: it records what it was asked to do (table sim_call), which is
// what a test counts to prove that no step ran twice. Time passing is modelled by the
// worker, which schedules the next step PROVISION_DELAY_MS later.
import type { Db } from '../db/database.ts';
import type { DataPlane, StepRef, VmSpec } from './provider.ts';

export class SimulatedDataPlane implements DataPlane {
  constructor(
    private readonly db: Db,
    private readonly worker: string,
  ) {}

  private async record(operation: string, resourceId: string, ref: StepRef) {
    await this.db
      .insertInto('sim_call')
      .values({ job_id: ref.jobId, step: ref.step, operation, resource_id: resourceId, worker: this.worker, created_at: new Date().toISOString() })
      .execute();
  }

  createVm = (vm: VmSpec, ref: StepRef) => this.record('createVm', vm.id, ref);
  restartVm = (id: string, ref: StepRef) => this.record('restartVm', id, ref);
  stopVm = (id: string, ref: StepRef) => this.record('stopVm', id, ref);
  startVm = (id: string, ref: StepRef) => this.record('startVm', id, ref);
  destroyVm = (id: string, ref: StepRef) => this.record('destroyVm', id, ref);
  destroySubnet = (id: string, ref: StepRef) => this.record('destroySubnet', id, ref);
}
