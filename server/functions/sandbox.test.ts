import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type RunResult, type Sandbox } from './sandbox.ts';

// Real workers and real QuickJS: a hang here fails the test by its timeout, not by a timing
// assertion.
const SLOW = 20_000;
/** Every run here is one organisation's ingest; fair-queue.test.ts covers the turns. */
const job = { owner: 'org-a', lane: 'ingest' } as const;

function expectOk(result: RunResult): unknown {
  if (!result.ok)
    throw new Error(`expected success, got ${result.error.kind}: ${result.error.message}`);
  return result.output;
}

function expectError(result: RunResult, kind: string): string {
  if (result.ok)
    throw new Error(`expected a ${kind} error, got output ${JSON.stringify(result.output)}`);
  expect(result.error.kind).toBe(kind);
  return result.error.message;
}

describe('cloud function sandbox', () => {
  let sandbox: Sandbox;
  beforeAll(() => {
    sandbox = createSandbox({ poolSize: 2 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('runs a decoder: payload in, data points out', { timeout: SLOW }, async () => {
    const result = await sandbox.run({
      ...job,
      code: `function main(input, context) {
        return [{ key: 'countIn', value: input.c }];
      }`,
      input: { c: 3 },
    });
    expect(expectOk(result)).toEqual([{ key: 'countIn', value: 3 }]);
    expect(typeof result.durationMs).toBe('number');
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('passes input and context as JSON copies', async () => {
    const result = await sandbox.run({
      ...job,
      code: `const main = (input, context) => ({
        when: input.when,
        isDate: input.when instanceof Date,
        device: context.device,
      });`,
      input: { when: new Date(0) },
      context: { device: { id: 7 } },
    });
    expect(expectOk(result)).toEqual({
      when: '1970-01-01T00:00:00.000Z',
      isDate: false,
      device: { id: 7 },
    });
  });

  it('returns null for a main that returns nothing', async () => {
    expect(
      expectOk(await sandbox.run({ ...job, code: 'function main() {}', input: null })),
    ).toBeNull();
  });

  it('captures console output with its level', async () => {
    const result = await sandbox.run({
      ...job,
      code: `function main(input) {
        console.log('payload', input, 42);
        console.info('info');
        console.warn('careful');
        console.error(new TypeError('bad byte'));
        return true;
      }`,
      input: { c: 3 },
    });
    expect(expectOk(result)).toBe(true);
    expect(result.logs).toEqual([
      { level: 'log', message: 'payload {"c":3} 42' },
      { level: 'info', message: 'info' },
      { level: 'warn', message: 'careful' },
      { level: 'error', message: 'TypeError: bad byte' },
    ]);
  });

  it('caps console output and says how much was dropped', async () => {
    const result = await sandbox.run({
      ...job,
      code: `function main() { for (let i = 0; i < 10; i++) console.log('line ' + i); return 1; }`,
      input: null,
      limits: { maxLogLines: 3 },
    });
    expect(expectOk(result)).toBe(1);
    expect(result.logs.map((l) => l.message)).toEqual([
      'line 0',
      'line 1',
      'line 2',
      '7 further log lines were dropped',
    ]);
  });

  it('awaits a main that returns a promise', async () => {
    const result = await sandbox.run({
      ...job,
      code: `async function main(input) {
        const value = await Promise.resolve(input.c);
        await null;
        console.log('after await');
        return [{ key: 'countIn', value: value * 2 }];
      }`,
      input: { c: 3 },
    });
    expect(expectOk(result)).toEqual([{ key: 'countIn', value: 6 }]);
    expect(result.logs).toEqual([{ level: 'log', message: 'after await' }]);
  });

  it('reports a rejected promise as a runtime error', async () => {
    const result = await sandbox.run({
      ...job,
      code: `async function main() { await null; throw new RangeError('no such channel'); }`,
      input: null,
    });
    expect(expectError(result, 'runtime')).toContain('RangeError: no such channel');
  });

  it('reports a promise that can never settle instead of waiting for it', async () => {
    const result = await sandbox.run({
      ...job,
      code: 'function main() { return new Promise(() => {}); }',
      input: null,
    });
    expect(expectError(result, 'runtime')).toMatch(/never settles/);
  });

  it(
    'stops an endless loop with a timeout, then runs the next job',
    { timeout: SLOW },
    async () => {
      const looping = await sandbox.run({
        ...job,
        code: 'function main() { while (true) {} }',
        input: null,
      });
      expect(expectError(looping, 'timeout')).toBe('The function ran longer than 1000 ms');
      expect(looping.durationMs).toBeGreaterThanOrEqual(1000);

      const next = await sandbox.run({
        ...job,
        code: 'function main(x) { return x + 1; }',
        input: 1,
      });
      expect(expectOk(next)).toBe(2);
    },
  );

  it('stops an endless loop in top-level code and one that tries to catch the interrupt', async () => {
    const topLevel = await sandbox.run({
      ...job,
      code: 'while (true) {}',
      input: null,
      limits: { timeoutMs: 200 },
    });
    expect(expectError(topLevel, 'timeout')).toBe('The function ran longer than 200 ms');
    const catching = await sandbox.run({
      ...job,
      code: `function main() {
        for (;;) { try { while (true) {} } catch (e) {} finally { continue; } }
      }`,
      input: null,
      limits: { timeoutMs: 200 },
    });
    expectError(catching, 'timeout');
  });

  it(
    'terminates a worker stuck in one slow step QuickJS cannot interrupt, then runs the next job',
    { timeout: SLOW },
    async () => {
      // Each indexOf over 50 million characters is one long native step, and QuickJS checks its
      // deadline only every few thousand steps: only the host watchdog (timeout + 250 ms) ends it.
      const stuck = await sandbox.run({
        ...job,
        code: `function main() { const s = 'x'.repeat(5e7); while (true) s.indexOf('y'); }`,
        input: null,
        limits: { timeoutMs: 100, memoryBytes: 128 * 1024 * 1024 },
      });
      expect(expectError(stuck, 'timeout')).toBe('The function ran longer than 100 ms');
      // Past the deadline and the watchdog's grace (timers may fire a hair early).
      expect(stuck.durationMs).toBeGreaterThanOrEqual(340);

      const next = await sandbox.run({
        ...job,
        code: 'function main() { return "fresh"; }',
        input: null,
      });
      expect(expectOk(next)).toBe('fresh');
    },
  );

  it('stops a string doubling bomb, then runs the next job', { timeout: SLOW }, async () => {
    const bomb = await sandbox.run({
      ...job,
      code: `function main() { let s = 'x'; while (true) s += s; }`,
      input: null,
    });
    expect(['memory', 'timeout']).toContain(bomb.ok ? 'ok' : bomb.error.kind);
    const flat = await sandbox.run({
      ...job,
      code: `function main() { return 'x'.repeat(1e8).length; }`,
      input: null,
    });
    expect(expectError(flat, 'memory')).toBe('The function used more than 32 MiB of memory');

    const next = await sandbox.run({ ...job, code: 'function main() { return 1; }', input: null });
    expect(expectOk(next)).toBe(1);
  });

  it('stops an array growth bomb, then runs the next job', { timeout: SLOW }, async () => {
    for (const code of [
      'function main() { const a = []; while (true) a.push({ n: a.length }); }',
      'function main() { const a = []; while (true) a.push(new Array(100000).fill(1)); }',
    ]) {
      const bomb = await sandbox.run({ ...job, code, input: null });
      expect(['memory', 'timeout']).toContain(bomb.ok ? 'ok' : bomb.error.kind);
      const next = await sandbox.run({
        ...job,
        code: 'function main() { return [1, 2]; }',
        input: null,
      });
      expect(expectOk(next)).toEqual([1, 2]);
    }
  });

  it('gives user code no host access', async () => {
    const result = await sandbox.run({
      ...job,
      code: `function main() {
        const escaped = (function () { return this; }).constructor('return typeof process')();
        return [
          typeof process, typeof require, typeof module, typeof fetch, typeof setTimeout,
          typeof setInterval, typeof queueMicrotask, typeof std, typeof os, typeof Buffer,
          typeof WebAssembly, escaped,
        ];
      }`,
      input: null,
    });
    expect(expectOk(result)).toEqual(Array.from({ length: 12 }, () => 'undefined'));
  });

  it('refuses dynamic and static imports', async () => {
    const dynamic = await sandbox.run({
      ...job,
      code: `async function main() { const fs = await import('fs'); return typeof fs; }`,
      input: null,
    });
    expect(expectError(dynamic, 'runtime')).toContain('import is not available');
    const fromTopLevel = await sandbox.run({
      ...job,
      code: `import('node:child_process'); function main() { return 1; }`,
      input: null,
    });
    expect(expectOk(fromTopLevel)).toBe(1);
    const staticImport = await sandbox.run({
      ...job,
      code: `import fs from 'fs';\nfunction main() { return fs; }`,
      input: null,
    });
    expectError(staticImport, 'syntax');
  });

  it('reports a syntax error with its line', async () => {
    const result = await sandbox.run({
      ...job,
      code: 'function main(input) {\n  const x = ;\n  return x;\n}',
      input: null,
    });
    expect(expectError(result, 'syntax')).toMatch(/^SyntaxError: .+ \(line 2, column \d+\)$/);
  });

  it('tells a SyntaxError thrown at run time apart from a syntax error', async () => {
    const result = await sandbox.run({
      ...job,
      code: `function main(input) { return JSON.parse(input); }`,
      input: '{ not json',
    });
    expect(expectError(result, 'runtime')).toMatch(/^SyntaxError: /);
  });

  it('asks for main when it is missing', async () => {
    for (const code of ['const decode = () => 1;', 'var main = 42;', '']) {
      const result = await sandbox.run({ ...job, code, input: null });
      expect(expectError(result, 'runtime')).toBe('The function must define main(input, context)');
    }
  });

  it('reports what main throws', async () => {
    const thrown = await sandbox.run({
      ...job,
      code: `function main() {\n  throw new Error('boom');\n}`,
      input: null,
    });
    expect(expectError(thrown, 'runtime')).toMatch(/^Error: boom \(line 2, column \d+\)$/);
    const text = await sandbox.run({
      ...job,
      code: `function main() { throw 'plain'; }`,
      input: null,
    });
    expect(expectError(text, 'runtime')).toBe('plain');
    const object = await sandbox.run({
      ...job,
      code: `function main() { throw { code: 7 }; }`,
      input: null,
    });
    expect(expectError(object, 'runtime')).toBe('{"code":7}');
    const huge = await sandbox.run({
      ...job,
      code: `function main() { throw new Error('x'.repeat(1e6)); }`,
      input: null,
    });
    expect(expectError(huge, 'runtime').length).toBeLessThan(2100);
    const hugeText = await sandbox.run({
      ...job,
      code: `function main() { throw 'y'.repeat(1e6); }`,
      input: null,
    });
    expect(expectError(hugeText, 'runtime').length).toBeLessThan(2100);
  });

  it('reports a stack overflow as a runtime error', async () => {
    const result = await sandbox.run({
      ...job,
      code: 'function deeper() { return deeper() + 1; } function main() { return deeper(); }',
      input: null,
    });
    expect(expectError(result, 'runtime')).toMatch(/stack overflow/);
  });

  it('refuses output that is too large or not JSON', async () => {
    const huge = await sandbox.run({
      ...job,
      code: `function main() { return 'x'.repeat(2 * 1024 * 1024); }`,
      input: null,
    });
    expect(expectError(huge, 'output')).toBe("The function's output is larger than 1 MiB");
    const multiByte = await sandbox.run({
      ...job,
      code: `function main() { return 'æ'.repeat(600); }`,
      input: null,
      limits: { maxOutputBytes: 1000 },
    });
    expectError(multiByte, 'output');
    const cyclic = await sandbox.run({
      ...job,
      code: `function main() { const a = {}; a.self = a; return a; }`,
      input: null,
    });
    expect(expectError(cyclic, 'output')).toMatch(/^The function's output is not JSON: /);
  });

  it('runs jobs in parallel on a pool of two', { timeout: SLOW }, async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        sandbox.run({
          ...job,
          code: `async function main(input) { await null; return [{ key: 'n', value: input.i * 10 }]; }`,
          input: { i },
        }),
      ),
    );
    expect(results.map(expectOk)).toEqual(
      Array.from({ length: 12 }, (_, i) => [{ key: 'n', value: i * 10 }]),
    );
  });
});

describe('cloud function sandbox pool', () => {
  it('answers at once when the queue is full, and ends queued jobs on close', async () => {
    const sandbox = createSandbox({ poolSize: 1 });
    // The worker is still starting, so every job waits in the queue.
    const queued = Array.from({ length: 1000 }, () =>
      sandbox.run({ ...job, code: 'function main() { return 1; }', input: null }),
    );
    const overloaded = await sandbox.run({
      ...job,
      code: 'function main() { return 1; }',
      input: null,
    });
    expect(expectError(overloaded, 'crash')).toBe('The function sandbox is overloaded');

    await sandbox.close();
    const results = await Promise.all(queued);
    expect(results.every((r) => !r.ok && r.error.kind === 'crash')).toBe(true);
    const afterClose = await sandbox.run({
      ...job,
      code: 'function main() { return 1; }',
      input: null,
    });
    expect(expectError(afterClose, 'crash')).toBe('The function sandbox is closed');
  });

  it('refuses input that cannot be passed as JSON', async () => {
    const sandbox = createSandbox({ poolSize: 1 });
    try {
      const result = await sandbox.run({
        ...job,
        code: 'function main() { return 1; }',
        input: 10n,
      });
      expect(expectError(result, 'crash')).toMatch(/cannot be passed as JSON/);
    } finally {
      await sandbox.close();
    }
  });
});

describe('cloud function sandbox shared by organisations', () => {
  const endless = 'function main() { while (true) {} }';
  const quick = 'function main(x) { return x; }';

  it('runs another organisation’s job while one floods the pool', { timeout: SLOW }, async () => {
    const sandbox = createSandbox({ poolSize: 2 });
    try {
      let floodEnded = 0;
      const flood = Array.from({ length: 10 }, () =>
        sandbox
          .run({ owner: 'a', lane: 'ingest', code: endless, input: null })
          .finally(() => floodEnded++),
      );
      const other = await sandbox.run({ owner: 'b', lane: 'ingest', code: quick, input: 5 });
      expect(expectOk(other)).toBe(5);
      // Fairness, counted rather than timed: B's job runs on the worker A may not take, so it
      // ends while A's flood has hardly started; a FIFO pool would end 8 of A's jobs first.
      expect(floodEnded).toBeLessThanOrEqual(2);
      await sandbox.close();
      expect((await Promise.all(flood)).every((r) => !r.ok)).toBe(true);
    } finally {
      await sandbox.close();
    }
  });

  it(
    'pauses a function after three timeouts: its waiting runs end at once',
    { timeout: SLOW },
    async () => {
      const sandbox = createSandbox({ poolSize: 2 });
      try {
        const fn = { id: 42, name: 'Endless' };
        const runs = await Promise.all(
          Array.from({ length: 8 }, () =>
            sandbox.run({
              owner: 'a',
              lane: 'ingest',
              function: fn,
              code: endless,
              input: null,
              limits: { timeoutMs: 200 },
            }),
          ),
        );
        const kinds = runs.map((r) => (r.ok ? 'ok' : r.error.kind));
        // One worker for organisation a: three timeouts one after another, then the rest paused.
        expect(kinds).toEqual(['timeout', 'timeout', 'timeout', ...Array(5).fill('paused')]);
        expect(sandbox.pauses.list([fn.id])).toMatchObject([
          {
            functionId: 42,
            functionName: 'Endless',
            timeouts: 3,
            reason: expect.stringMatching(/200 ms/),
          },
        ]);
        // Other code of the same function is not paused.
        const fixed = await sandbox.run({
          owner: 'a',
          lane: 'ingest',
          function: fn,
          code: quick,
          input: 1,
        });
        expect(expectOk(fixed)).toBe(1);
      } finally {
        await sandbox.close();
      }
    },
  );
});
