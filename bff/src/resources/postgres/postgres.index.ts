// The PostgreSQL kind's module: its jobs, and its handlers in parts along the seams of its
// tests (the database, its settings, observing it, recovery).
import { kindModule } from '../kind.ts';
import { postgresObserveHandlers } from './postgres-observe.handlers.ts';
import { postgresRecoveryHandlers } from './postgres-recovery.handlers.ts';
import { postgresSettingsHandlers } from './postgres-settings.handlers.ts';
import { postgresHandlers } from './postgres.handlers.ts';
import { postgresJobs } from './postgres.jobs.ts';

export const postgres = kindModule({
  jobs: postgresJobs,
  handlers: (ctx) => ({
    ...postgresHandlers(ctx),
    ...postgresSettingsHandlers(ctx),
    ...postgresObserveHandlers(ctx),
    ...postgresRecoveryHandlers(ctx),
  }),
});
