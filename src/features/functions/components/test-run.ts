/** A console line of a test run, with the level the code logged it at. */
export interface LogLine {
  level: 'log' | 'info' | 'warn' | 'error';
  message: string;
}

/** The kinds of failure the sandbox reports for a run (POST /v2/cloudfunction/test). */
export type ErrorKind = 'syntax' | 'runtime' | 'timeout' | 'memory' | 'output' | 'crash';

export type PayloadResult =
  | { ok: true; value: unknown }
  | { ok: false; reason: 'empty' }
  | { ok: false; reason: 'syntax'; detail: string; line?: number; column?: number };

/**
 * Reads the sample payload as JSON. An empty text or invalid JSON is an error (with the
 * line and column when the browser tells where), so no run starts with a payload the user
 * did not mean.
 */
export function parsePayload(text: string): PayloadResult {
  if (text.trim() === '') return { ok: false, reason: 'empty' };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: 'syntax', detail, ...errorPosition(text, detail) };
  }
}

/** Line and column (1-based) from a JSON.parse message: "(line 2 column 5)" or "at position 12". */
export function errorPosition(text: string, message: string): { line?: number; column?: number } {
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const position = /position (\d+)/.exec(message);
  if (!position) return {};
  const before = text.slice(0, Number(position[1]));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/** The output as indented JSON; a function that returns nothing gives null. */
export function formatOutput(value: unknown): string {
  return JSON.stringify(value === undefined ? null : value, null, 2) ?? 'null';
}

/** "0.4 ms", "12 ms", "1.25 s": enough precision to compare runs, no more. */
export function formatDuration(ms: number, language: 'da' | 'en' = 'da'): string {
  const locale = language === 'da' ? 'da-DK' : 'en-GB';
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  if (ms < 10) return `${number(ms, 1)} ms`;
  if (ms < 1000) return `${number(ms, 0)} ms`;
  return `${number(ms / 1000, 2)} s`;
}

const kinds: readonly ErrorKind[] = ['syntax', 'runtime', 'timeout', 'memory', 'output', 'crash'];

/** The server's error kind, or 'crash' for one this console does not know yet. */
export function errorKind(kind: string): ErrorKind {
  return (kinds as readonly string[]).includes(kind) ? (kind as ErrorKind) : 'crash';
}

const levels: readonly LogLine['level'][] = ['log', 'info', 'warn', 'error'];

export function logLevel(level: string): LogLine['level'] {
  return (levels as readonly string[]).includes(level) ? (level as LogLine['level']) : 'log';
}
