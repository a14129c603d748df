// The embedded database's writer connection and its group commit (decision 247): taken by one
// holder at a time (a transaction, or a statement that writes); holders that follow each other
// while others wait for the writer share one outer transaction, each inside its own savepoint,
// and one commit. A holder's transaction is undone alone when it fails; its caller hears of
// its success only once the commit that holds it is durable, so nothing is acknowledged
// before it is on disk.
import type { Connection } from './statements.ts';

/** At most this many holders share a commit, so the first of them waits a bounded time. */
const MAX_GROUP = 64;
/** The savepoint each holder of the writer works in while a group is open. */
const HOLDER = 'grouped_holder';

/** One acquisition of a connection, as the writer sees it. */
export interface Holder {
  /** It holds the writer (until released). */
  holding: boolean;
  inTransaction: boolean;
}

interface Group {
  /** Holders done with the writer, waiting for the group's commit. */
  waiting: { resolve: () => void; reject: (err: unknown) => void }[];
  /** What made SQLite undo the whole group: the holder's later statements fail with it. */
  failure?: unknown;
}

export class GroupCommit {
  /** Someone holds the writer; `queue` are the ones waiting for it, first come first served. */
  private taken = false;
  private readonly queue: (() => void)[] = [];
  /** The outer transaction the writer's holders share, while one is open. */
  private group?: Group;
  /** A commit of the open group is scheduled. */
  private flushing = false;

  constructor(readonly writer: Connection) {}

  /** Nobody holds the writer and no group is open. */
  get idle(): boolean {
    return !this.taken && !this.group;
  }

  /** Runs the statement `text` on the writer for `holder`, taking it first; a write outside a transaction joins the group too (committed with it, on release). */
  async run(holder: Holder, text: string, parameters: readonly unknown[]) {
    await this.hold(holder);
    this.openGroup();
    return this.onWriter(() => this.writer.prepare(text).run(parameters));
  }

  async begin(holder: Holder): Promise<void> {
    await this.hold(holder);
    this.openGroup();
    this.onWriter(() => this.writer.exec(`savepoint ${HOLDER}`));
    holder.inTransaction = true;
  }

  commit(holder: Holder): void {
    if (this.group?.failure) throw this.group.failure;
    // The commit itself comes on release.
    this.onWriter(() => this.writer.exec(`release ${HOLDER}`));
    holder.inTransaction = false;
  }

  rollback(holder: Holder): void {
    // Undone already with the whole group after a failure (release ends it).
    if (!this.group?.failure) this.undoHolder();
    holder.inTransaction = false;
  }

  /** Runs `statement` (a savepoint's) on the writer, inside the holder's own. */
  exec(statement: string): void {
    this.onWriter(() => this.writer.exec(statement));
  }

  /**
   * Done with the writer: what the holder did waits for the group's commit. With others
   * waiting for the writer, the next one takes it with the group still open; else the group
   * is committed on the next turn of the event loop, so that the requests read in this turn
   * can join it first (better-sqlite3 commits on this thread: nothing can join while the
   * commit waits for the disk). The returned promise settles once the holder's work is
   * durable, or fails if the commit failed.
   */
  async release(holder: Holder): Promise<void> {
    if (!holder.holding) return;
    holder.holding = false;
    if (holder.inTransaction) {
      // Released in the middle of a transaction (Kysely always ends one first): its work goes.
      holder.inTransaction = false;
      try {
        if (!this.group?.failure) this.undoHolder();
      } catch {
        // The group failed with it (onWriter), and is ended below.
      }
    }
    const group = this.group;
    if (group?.failure) {
      this.group = undefined;
      this.rollbackGroup();
      this.handOver();
      throw group.failure;
    }
    if (!group) return this.handOver();
    const committed = new Promise<void>((resolve, reject) =>
      group.waiting.push({ resolve, reject }),
    );
    if (group.waiting.length >= MAX_GROUP) this.commitGroup();
    this.handOver();
    if (this.group && !this.taken && !this.flushing) {
      this.flushing = true;
      setImmediate(() => {
        this.flushing = false;
        this.flush();
      });
    }
    return committed;
  }

  /** Commits the open group unless someone holds the writer (their release commits it then). */
  flush(): void {
    if (!this.taken && this.group) this.commitGroup();
  }

  /** Undoes the current holder's work, and only its own. */
  private undoHolder(): void {
    this.onWriter(() => this.writer.exec(`rollback to ${HOLDER}; release ${HOLDER}`));
  }

  /** Takes the writer for `holder` (Kysely runs one statement at a time on a connection). */
  private async hold(holder: Holder): Promise<void> {
    if (holder.holding) return;
    if (this.taken) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.taken = true;
    holder.holding = true;
  }

  /** The next in the queue holds the writer now; nobody waiting, it is free. */
  private handOver(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.taken = false;
  }

  private openGroup(): void {
    if (this.group?.failure) throw this.group.failure;
    if (this.group) return;
    // A failed commit whose rollback failed too left the writer in a transaction: end it first.
    this.rollbackGroup();
    this.writer.exec('begin');
    this.group = { waiting: [] };
  }

  /** Ends what is left of a failed group (a commit that failed may have ended it already). */
  private rollbackGroup(): void {
    try {
      if (this.writer.sqlite.inTransaction) this.writer.exec('rollback');
    } catch {
      // The connection's own failure; its holders have their error.
    }
  }

  /** Commits the open group and tells each holder in it the outcome. */
  private commitGroup(): void {
    const group = this.group!;
    this.group = undefined;
    try {
      this.writer.exec('commit');
    } catch (err) {
      this.rollbackGroup();
      for (const w of group.waiting) w.reject(err);
      return;
    }
    for (const w of group.waiting) w.resolve();
  }

  /**
   * Runs `fn` on the writer. Some failures (a full disk, an I/O error) make SQLite undo the
   * whole outer transaction: then every holder waiting for the group's commit fails with it.
   */
  private onWriter<R>(fn: () => R): R {
    try {
      return fn();
    } catch (err) {
      const group = this.group;
      if (group && !group.failure && !this.writer.sqlite.inTransaction) {
        group.failure = err;
        for (const w of group.waiting.splice(0)) w.reject(err);
      }
      throw err;
    }
  }
}
