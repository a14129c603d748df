// PostgreSQL answers a COMMIT of a transaction that an earlier statement aborted with a
// rollback, and no error: code that caught that statement's failure and went on would be told
// its writes were committed when none were. On every pool client, a COMMIT answered that way
// fails instead (decision 074), so the caller hears that nothing was written.
import type PgModule from 'pg';

/** Thrown for a COMMIT that PostgreSQL turned into a rollback. */
export class CommitRolledBack extends Error {
  constructor() {
    super(
      'The transaction was not committed: a statement in it had failed, and PostgreSQL rolled it back.',
    );
  }
}

const COMMIT = /^\s*(commit|end)(\s+(work|transaction))?\s*;?\s*$/i;

/** Makes the client's `COMMIT` fail when PostgreSQL rolled the transaction back. Once per client. */
export function refusingAbortedCommits<C extends PgModule.ClientBase>(client: C): C {
  const query = client.query.bind(client) as (config: unknown, values?: unknown[]) => unknown;
  client.query = ((config: unknown, values?: unknown[]) => {
    const running = query(config, values);
    if (typeof config !== 'string' || !COMMIT.test(config) || !(running instanceof Promise))
      return running;
    return running.then((result: PgModule.QueryResult) => {
      if (result.command === 'ROLLBACK') throw new CommitRolledBack();
      return result;
    });
  }) as typeof client.query;
  return client;
}
