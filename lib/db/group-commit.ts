/**
 * Group commit in the application: writes submitted while a batch is being committed wait and
 * go together in the next one, so many concurrent requests pay for one durable commit and each
 * hot row (a shared IP, a rollup hour) is written once per batch, not once per request. A caller's
 * promise settles only after its batch committed, so nothing acknowledged can be lost.
 * Idle, a write waits one turn of the event loop (to gather what arrives with it), no timer.
 */
export interface GroupCommitOptions {
  /** The most writes in one batch (one transaction's statements stay bounded). */
  maxBatch: number;
  /** Batches committing at once: more overlap the next batch's preparation with a commit. */
  maxInFlight: number;
  /** Told of each batch as it starts: its size and how long its oldest write waited (metrics). */
  onBatch?: (size: number, waitedMs: number) => void;
}

interface Pending<W, R> {
  write: W;
  /** performance.now() at submit. */
  at: number;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * `commit` writes a batch in one transaction and returns one result per write, in order. If it
 * throws, the transaction wrote nothing; each write of a larger batch is then committed alone,
 * so one bad write fails only its own caller.
 */
export class GroupCommit<W, R> {
  private readonly queue: Pending<W, R>[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly commit: (writes: W[]) => Promise<R[]>,
    private readonly options: GroupCommitOptions,
  ) {}

  submit(write: W): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ write, at: performance.now(), resolve, reject });
      this.schedule();
    });
  }

  /** Writes waiting for a batch (not yet committing). */
  get waiting(): number {
    return this.queue.length;
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.options.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.next();
    });
  }

  private next(): void {
    while (this.queue.length > 0 && this.inFlight < this.options.maxInFlight) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.options.onBatch?.(batch.length, performance.now() - (batch[0]?.at ?? performance.now()));
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        if (this.queue.length > 0) this.schedule();
      });
    }
  }

  private async run(batch: Pending<W, R>[]): Promise<void> {
    let results: R[];
    try {
      results = await this.commit(batch.map((p) => p.write));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // Nothing of the batch was written: each write on its own, so only the bad one fails.
      await Promise.all(batch.map((p) => this.run([p])));
      return;
    }
    batch.forEach((p, i) => {
      if (i < results.length) p.resolve(results[i] as R);
      else p.reject(new Error('group commit: the batch returned fewer results than writes'));
    });
  }
}
