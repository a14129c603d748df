// A project's job: destroy (a forced project delete, issue 29). Each run of its step starts the
// delete of whatever the project still holds, through each kind's own delete, and deletes the
// project once nothing is left; until then it runs again shortly (a subnet waits for its VMs).
import { defineJobs, type KindsOf } from '../../lifecycle/jobs.ts';
import { deleteIfEmpty, startEmptying } from './empty-project.ts';

/**
 * How often the job looks again while objects are still going: a quarter of a provisioning
 * step, within these bounds, so the answer waiting for the project is not held up long after
 * its last object went.
 */
const POLL_MIN_MS = 50;
const POLL_MAX_MS = 500;

export const projectJobs = defineJobs({
  'project.destroy': {
    steps: {
      async start(env, job) {
        const projectId = job.resource_id;
        if (await deleteIfEmpty(env.db, projectId)) return {};
        await startEmptying(env.db, projectId);
        if (await deleteIfEmpty(env.db, projectId)) return {};
        return {
          next: {
            step: 'start',
            delayMs: Math.min(POLL_MAX_MS, Math.max(POLL_MIN_MS, Math.round(env.delayMs / 4))),
          },
        };
      },
    },
  },
});

declare module '../../lifecycle/jobs.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members come from the definitions
  interface JobKinds extends KindsOf<typeof projectJobs> {}
}
