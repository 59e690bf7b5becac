import { describe, expect, it } from 'vitest';
import { FairQueue, fairLimits, type FairJob, type Lane } from './fair-queue.ts';

interface Job extends FairJob {
  name: string;
}

const job = (owner: string, lane: Lane, name: string): Job => ({ owner, lane, name });

/** Queues `count` jobs named owner + lane + number. */
function fill(queue: FairQueue<Job>, owner: string, lane: Lane, count: number): void {
  for (let i = 1; i <= count; i++) queue.push(job(owner, lane, `${owner}-${lane}-${i}`));
}

/** Takes jobs while the queue gives any, each finished at once: the order a single worker runs. */
function runInTurn(queue: FairQueue<Job>): string[] {
  const order: string[] = [];
  for (let next = queue.take(); next; next = queue.take()) {
    order.push(next.name);
    queue.finished(next);
  }
  return order;
}

describe('fair queue of the sandbox', () => {
  it('lets organisations take turns, each in its own order', () => {
    const queue = new FairQueue<Job>(fairLimits(4));
    fill(queue, 'a', 'ingest', 3);
    fill(queue, 'b', 'ingest', 2);
    fill(queue, 'c', 'ingest', 1);
    expect(runInTurn(queue)).toEqual([
      'a-ingest-1',
      'b-ingest-1',
      'c-ingest-1',
      'a-ingest-2',
      'b-ingest-2',
      'a-ingest-3',
    ]);
    expect(queue.size).toBe(0);
  });

  it('serves a late organisation next, not after the backlog of an early one', () => {
    const queue = new FairQueue<Job>(fairLimits(2));
    fill(queue, 'a', 'ingest', 40);
    const first = queue.take();
    expect(first?.name).toBe('a-ingest-1');
    queue.push(job('b', 'ingest', 'b-1'));
    // A holds its share (one of two workers), so B's job is the one that may start.
    expect(queue.take()?.name).toBe('b-1');
  });

  it('lets one organisation hold all workers but one', () => {
    const queue = new FairQueue<Job>(fairLimits(3));
    fill(queue, 'a', 'ingest', 10);
    const held = [queue.take(), queue.take()];
    expect(held.map((j) => j?.name)).toEqual(['a-ingest-1', 'a-ingest-2']);
    expect(queue.take()).toBeUndefined();
    queue.push(job('b', 'ingest', 'b-1'));
    expect(queue.take()?.name).toBe('b-1');
    // When one of A's jobs ends, A may start another.
    queue.finished(held[0] as Job);
    expect(queue.take()?.name).toBe('a-ingest-3');
  });

  it('keeps at least one job running for a pool of one', () => {
    const queue = new FairQueue<Job>(fairLimits(1));
    fill(queue, 'a', 'ingest', 2);
    const first = queue.take();
    expect(first?.name).toBe('a-ingest-1');
    expect(queue.take()).toBeUndefined();
    queue.finished(first as Job);
    expect(queue.take()?.name).toBe('a-ingest-2');
  });

  it('starts ingest before test runs, whoever queued first', () => {
    const queue = new FairQueue<Job>(fairLimits(4));
    fill(queue, 'a', 'test', 2);
    fill(queue, 'b', 'ingest', 1);
    fill(queue, 'c', 'test', 1);
    fill(queue, 'a', 'ingest', 1);
    expect(runInTurn(queue)).toEqual([
      'b-ingest-1',
      'a-ingest-1',
      'a-test-1',
      'c-test-1',
      'a-test-2',
    ]);
  });

  it('gives test runs one worker in all', () => {
    const queue = new FairQueue<Job>(fairLimits(4));
    fill(queue, 'a', 'test', 5);
    fill(queue, 'b', 'test', 5);
    const running = queue.take();
    expect(running?.name).toBe('a-test-1');
    expect(queue.take()).toBeUndefined();
    // Ingest still gets the other workers.
    queue.push(job('c', 'ingest', 'c-1'));
    expect(queue.take()?.name).toBe('c-1');
    queue.finished(running as Job);
    expect(queue.take()?.name).toBe('b-test-1');
  });

  it('counts an organisation’s test run against its share of the workers', () => {
    const queue = new FairQueue<Job>(fairLimits(2));
    fill(queue, 'a', 'test', 1);
    fill(queue, 'a', 'ingest', 1);
    expect(queue.take()?.name).toBe('a-ingest-1');
    expect(queue.take()).toBeUndefined();
  });

  it('refuses jobs beyond an organisation’s share of the queue, not other organisations’', () => {
    const queue = new FairQueue<Job>({
      runningPerOwner: 1,
      runningTests: 1,
      waitingPerOwner: 3,
      waiting: 5,
    });
    fill(queue, 'a', 'ingest', 3);
    expect(queue.push(job('a', 'ingest', 'a-4'))).toBe(false);
    expect(queue.push(job('a', 'test', 'a-test'))).toBe(true);
    expect(queue.push(job('b', 'ingest', 'b-1'))).toBe(true);
    expect(queue.push(job('c', 'ingest', 'c-1'))).toBe(false);
    expect(queue.size).toBe(5);
    expect(
      queue
        .drain()
        .map((j) => j.name)
        .sort(),
    ).toEqual(['a-ingest-1', 'a-ingest-2', 'a-ingest-3', 'a-test', 'b-1']);
    expect(queue.size).toBe(0);
    expect(queue.take()).toBeUndefined();
  });

  it('keeps first-in-first-out order over a long backlog', () => {
    const queue = new FairQueue<Job>({ ...fairLimits(2), waitingPerOwner: 3000 });
    fill(queue, 'a', 'ingest', 3000);
    const order = runInTurn(queue);
    expect(order).toHaveLength(3000);
    expect(order.every((name, i) => name === `a-ingest-${i + 1}`)).toBe(true);
  });
});
