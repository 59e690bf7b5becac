/**
 * Which jobs the sandbox starts next, so that one organisation's code cannot hold back another's.
 * Decoding for ingest goes before test runs; within a lane the organisations with waiting jobs
 * take turns (round robin), each in its own first-in-first-out order. One organisation may hold
 * only some of the workers and test runs only one, so another organisation's ingest always finds
 * a worker within one job's time limit.
 */

/** `ingest`: decoders and outbound functions of devices; `test`: test runs from the console. */
export type Lane = 'ingest' | 'test';

export interface FairJob {
  /** The organisation the job runs for. */
  owner: string;
  lane: Lane;
}

export interface FairQueueLimits {
  /** Workers one organisation may hold at once (both lanes together). */
  runningPerOwner: number;
  /** Workers test runs may hold at once, all organisations together. */
  runningTests: number;
  /** Jobs one organisation may have waiting in one lane. */
  waitingPerOwner: number;
  /** Jobs waiting at most, all organisations and lanes together. */
  waiting: number;
}

/** The limits for a pool of `workers`: one organisation leaves at least one worker to others. */
export function fairLimits(workers: number): FairQueueLimits {
  return {
    runningPerOwner: Math.max(1, workers - 1),
    runningTests: 1,
    waitingPerOwner: 1000,
    waiting: 10_000,
  };
}

/** A first-in-first-out queue that does not copy its array on every take. */
class Fifo<T> {
  private items: (T | undefined)[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head];
    this.items[this.head] = undefined;
    this.head += 1;
    if (this.head === this.items.length) {
      this.items.length = 0;
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= this.items.length) {
      this.items.splice(0, this.head);
      this.head = 0;
    }
    return item;
  }

  drain(): T[] {
    const rest = this.items.slice(this.head).filter((item): item is T => item !== undefined);
    this.items.length = 0;
    this.head = 0;
    return rest;
  }
}

export class FairQueue<T extends FairJob> {
  /** Per lane, the organisations with waiting jobs in turn order (a Map keeps insertion order). */
  private readonly lanes: Record<Lane, Map<string, Fifo<T>>> = {
    ingest: new Map(),
    test: new Map(),
  };
  private readonly running = new Map<string, number>();
  private runningTests = 0;
  private waitingCount = 0;

  constructor(private readonly limits: FairQueueLimits) {}

  /** Jobs waiting to start. */
  get size(): number {
    return this.waitingCount;
  }

  /** Queues a job; false when its organisation's share of the queue or the queue is full. */
  push(job: T): boolean {
    if (this.waitingCount >= this.limits.waiting) return false;
    const owners = this.lanes[job.lane];
    let fifo = owners.get(job.owner);
    if (!fifo) {
      fifo = new Fifo<T>();
      owners.set(job.owner, fifo);
    } else if (fifo.length >= this.limits.waitingPerOwner) {
      return false;
    }
    fifo.push(job);
    this.waitingCount += 1;
    return true;
  }

  /**
   * The job to start on a free worker, counted as running until `finished`; undefined when every
   * waiting job's organisation (or lane) already holds its share of the workers.
   */
  take(): T | undefined {
    const ingest = this.takeFrom('ingest');
    if (ingest || this.runningTests >= this.limits.runningTests) return ingest;
    return this.takeFrom('test');
  }

  /** A job `take` gave out has ended. */
  finished(job: T): void {
    const count = (this.running.get(job.owner) ?? 0) - 1;
    if (count > 0) this.running.set(job.owner, count);
    else this.running.delete(job.owner);
    if (job.lane === 'test') this.runningTests -= 1;
  }

  /** Takes every waiting job out, oldest organisation first. */
  drain(): T[] {
    const all: T[] = [];
    for (const owners of Object.values(this.lanes)) {
      for (const fifo of owners.values()) all.push(...fifo.drain());
      owners.clear();
    }
    this.waitingCount = 0;
    return all;
  }

  private takeFrom(lane: Lane): T | undefined {
    const owners = this.lanes[lane];
    for (const [owner, fifo] of owners) {
      if ((this.running.get(owner) ?? 0) >= this.limits.runningPerOwner) continue;
      const job = fifo.shift();
      // The organisation goes to the back of the round, or leaves it with nothing waiting.
      owners.delete(owner);
      if (fifo.length > 0) owners.set(owner, fifo);
      if (!job) continue;
      this.waitingCount -= 1;
      this.running.set(owner, (this.running.get(owner) ?? 0) + 1);
      if (lane === 'test') this.runningTests += 1;
      return job;
    }
    return undefined;
  }
}
