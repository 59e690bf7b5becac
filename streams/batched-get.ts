import type { GetJson } from './http-history-source.ts';

/** One read of a batch as the server answered it: its status and body, as its own GET would have had. */
export interface BatchAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** Sends the paths in one request; answers in the same order. */
export type SendBatch = (paths: readonly string[]) => Promise<readonly BatchAnswer[]>;

export interface BatchedGetOptions {
  /** Reads one path alone (a batch of one, or when the batch route cannot be used). */
  single: GetJson;
  send: SendBatch;
  /** A failed read's error, from its status and body (the api client's error for it). */
  failure: (answer: BatchAnswer) => Error;
  /** The most paths per batch; more are sent in several. */
  max: number;
}

interface Waiting {
  path: string;
  signal: AbortSignal | undefined;
  resolve: (body: unknown) => void;
  reject: (error: unknown) => void;
}

const aborted = () => new DOMException('The operation was aborted.', 'AbortError');

/**
 * A GetJson that gathers the reads asked for in the same task (a wall's
 * graphs asking for their history as they mount) and sends them as one
 * batch: one request instead of queueing behind the browser's six
 * connections per server. A read alone goes as its own GET. Each read
 * settles on its own: its body, or its failure as its own GET would have
 * failed; a read cancelled before the batch is sent is left out of it, and
 * one cancelled after is rejected without waiting for the rest.
 */
export function batchedGet(options: BatchedGetOptions): GetJson {
  let waiting: Waiting[] = [];
  let scheduled = false;

  const sendAll = () => {
    scheduled = false;
    const due = waiting.filter((read) => !read.signal?.aborted);
    for (const read of waiting) if (read.signal?.aborted) read.reject(aborted());
    waiting = [];
    for (let i = 0; i < due.length; i += options.max) void sendSome(due.slice(i, i + options.max));
  };

  async function sendSome(reads: Waiting[]) {
    const [only] = reads;
    if (reads.length === 1 && only) {
      options.single(only.path, only.signal).then(only.resolve, only.reject);
      return;
    }
    try {
      const answers = await options.send(reads.map((read) => read.path));
      reads.forEach((read, index) => {
        const answer = answers[index];
        if (read.signal?.aborted) read.reject(aborted());
        else if (!answer) read.reject(new Error('The batch left a read unanswered'));
        else if (answer.status >= 200 && answer.status < 300) read.resolve(answer.body);
        else read.reject(options.failure(answer));
      });
    } catch (error) {
      for (const read of reads) read.reject(error);
    }
  }

  return (path, signal) =>
    new Promise<unknown>((resolve, reject) => {
      if (signal?.aborted) return reject(aborted());
      // A series' signal lives as long as the series: its listener goes once the read settles.
      const onAbort = () => reject(aborted());
      signal?.addEventListener('abort', onAbort, { once: true });
      const settled = () => signal?.removeEventListener('abort', onAbort);
      const read: Waiting = {
        path,
        signal,
        resolve: (body) => {
          settled();
          resolve(body);
        },
        reject: (error) => {
          settled();
          reject(error);
        },
      };
      waiting.push(read);
      if (scheduled) return;
      scheduled = true;
      // After the current task: the reads of every graph rendered in it go together.
      setTimeout(sendAll, 0);
    });
}
