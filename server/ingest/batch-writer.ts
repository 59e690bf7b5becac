import { isDataError, retryWhileUnavailable } from './retry.ts';

/**
 * Group commit: items wait until the batch that holds them is committed, and
 * one batch is written at a time. While a batch is being written the next one
 * fills, so the batch size follows the database's speed: a few rows each when
 * it is idle, thousands when it is busy.
 *
 * When the database fails, the same batch is tried again with a growing pause
 * (retry.ts) and nothing more is written meanwhile; new items wait for room once
 * `maxPendingRows` are queued (backpressure: their senders are not
 * acknowledged). Data errors (SQLSTATE classes 22 and 23) split the batch
 * until the items at fault are found; those are dropped and reported.
 */
export interface BatchWriterOptions<T> {
  write(items: T[]): Promise<void>;
  /** Rows an item stands for (a message and its points). */
  rows(item: T): number;
  /** Most rows in one batch. */
  maxBatchRows?: number;
  /** How long the first item of an idle writer waits for company. */
  lingerMs?: number;
  /** Rows queued before `add` waits for room. */
  maxPendingRows?: number;
  onRetry?(error: unknown, attempt: number): void;
  onDropped?(item: T, error: unknown): void;
}

export class WriterClosedError extends Error {
  override name = 'WriterClosedError';
}

interface Entry<T> {
  item: T;
  rows: number;
  resolve(): void;
  reject(error: unknown): void;
}

export class BatchWriter<T> {
  private queue: Entry<T>[] = [];
  private queuedRows = 0;
  private writing = false;
  private timer: NodeJS.Timeout | null = null;
  private waiters: (() => void)[] = [];
  private closed = false;
  private idle: Promise<void> = Promise.resolve();
  private readonly maxBatchRows: number;
  private readonly lingerMs: number;
  private readonly maxPendingRows: number;

  constructor(private readonly options: BatchWriterOptions<T>) {
    this.maxBatchRows = options.maxBatchRows ?? 10_000;
    this.lingerMs = options.lingerMs ?? 2;
    this.maxPendingRows = options.maxPendingRows ?? 100_000;
  }

  /** Rows waiting to be written, for metrics and health. */
  get pendingRows(): number {
    return this.queuedRows;
  }

  /** True while the queue is full and new items wait. */
  get saturated(): boolean {
    return this.queuedRows >= this.maxPendingRows;
  }

  /** Resolves once the item is committed; waits for room first when the queue is full. */
  add(item: T): Promise<void> {
    if (this.queuedRows >= this.maxPendingRows && !this.closed) return this.addWhenRoom(item);
    if (this.closed) return Promise.reject(new WriterClosedError('Ingest is shutting down'));
    return new Promise<void>((resolve, reject) => {
      const rows = Math.max(1, this.options.rows(item));
      this.queue.push({ item, rows, resolve, reject });
      this.queuedRows += rows;
      this.schedule();
    });
  }

  private async addWhenRoom(item: T): Promise<void> {
    while (this.queuedRows >= this.maxPendingRows && !this.closed) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    return this.add(item);
  }

  /** Writes what is queued, then refuses more; items still failing are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.waiters.splice(0)) wake();
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (!this.writing && this.queue.length > 0) this.start();
    await this.idle;
  }

  private schedule(): void {
    if (this.writing || this.timer) return;
    if (this.queuedRows >= this.maxBatchRows || this.lingerMs === 0) {
      this.start();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.writing) this.start();
    }, this.lingerMs);
  }

  private start(): void {
    this.writing = true;
    this.idle = this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.take();
        await this.commit(batch);
        this.queuedRows -= batch.reduce((n, entry) => n + entry.rows, 0);
        for (const wake of this.waiters.splice(0)) wake();
      }
    } finally {
      // In the same turn as the last look at the queue: an item added after it
      // finds the writer idle and schedules a write of its own.
      this.writing = false;
    }
  }

  private take(): Entry<T>[] {
    let rows = 0;
    let count = 0;
    while (count < this.queue.length) {
      const entry = this.queue[count];
      if (!entry || (count > 0 && rows + entry.rows > this.maxBatchRows)) break;
      rows += entry.rows;
      count++;
    }
    return this.queue.splice(0, count);
  }

  /** Commits a batch, retrying failures; settles every entry of it. */
  private async commit(batch: Entry<T>[]): Promise<void> {
    try {
      await retryWhileUnavailable(() => this.options.write(batch.map((entry) => entry.item)), {
        giveUp: (attempt) => this.closed && attempt >= 3,
        onRetry: (error, attempt) => this.options.onRetry?.(error, attempt),
      });
    } catch (error) {
      if (isDataError(error)) {
        await this.isolate(batch, error);
      } else {
        for (const entry of batch) entry.reject(error);
      }
      return;
    }
    for (const entry of batch) entry.resolve();
  }

  private async isolate(batch: Entry<T>[], error: unknown): Promise<void> {
    if (batch.length === 1) {
      const [entry] = batch;
      if (!entry) return;
      this.options.onDropped?.(entry.item, error);
      // Acknowledged all the same: sending it again would fail again.
      entry.resolve();
      return;
    }
    const half = Math.ceil(batch.length / 2);
    await this.commit(batch.slice(0, half));
    await this.commit(batch.slice(half));
  }
}
