import { describe, expect, it } from 'vitest';
import {
  errorKind,
  errorPosition,
  formatDuration,
  formatOutput,
  logLevel,
  parsePayload,
} from './test-run.ts';

describe('parsePayload', () => {
  it('reads JSON objects, arrays and scalars', () => {
    expect(parsePayload('{"countIn": 3}')).toEqual({ ok: true, value: { countIn: 3 } });
    expect(parsePayload(' [1, 2] ')).toEqual({ ok: true, value: [1, 2] });
    expect(parsePayload('null')).toEqual({ ok: true, value: null });
    expect(parsePayload('"text"')).toEqual({ ok: true, value: 'text' });
  });

  it('refuses an empty payload', () => {
    expect(parsePayload('')).toEqual({ ok: false, reason: 'empty' });
    expect(parsePayload('  \n ')).toEqual({ ok: false, reason: 'empty' });
  });

  it('refuses invalid JSON and says where', () => {
    const result = parsePayload('{\n  "a": 1,\n}');
    expect(result.ok).toBe(false);
    if (result.ok || result.reason !== 'syntax') throw new Error('expected a syntax error');
    expect(result.detail).not.toBe('');
    expect(result.line).toBe(3);
    expect(result.column).toBe(1);
  });

  it('refuses JavaScript that is not JSON', () => {
    expect(parsePayload('{ a: 1 }').ok).toBe(false);
    expect(parsePayload("{'a': 1}").ok).toBe(false);
    expect(parsePayload('undefined').ok).toBe(false);
  });
});

describe('errorPosition', () => {
  it('takes line and column from the message when given', () => {
    expect(errorPosition('x', 'Unexpected token (line 4 column 7)')).toEqual({
      line: 4,
      column: 7,
    });
  });

  it('computes line and column from a position', () => {
    expect(errorPosition('ab\ncd\nef', 'Unexpected token in JSON at position 7')).toEqual({
      line: 3,
      column: 2,
    });
    expect(errorPosition('abc', 'Unexpected end of JSON input')).toEqual({});
  });
});

describe('formatOutput', () => {
  it('indents JSON by two spaces', () => {
    expect(formatOutput({ a: [1, { b: true }] })).toBe(
      '{\n  "a": [\n    1,\n    {\n      "b": true\n    }\n  ]\n}',
    );
  });

  it('shows scalars and nothing as JSON', () => {
    expect(formatOutput('hi')).toBe('"hi"');
    expect(formatOutput(42)).toBe('42');
    expect(formatOutput(null)).toBe('null');
    expect(formatOutput(undefined)).toBe('null');
  });
});

describe('formatDuration', () => {
  it('uses ms below a second and s above, with Danish or English decimals', () => {
    expect(formatDuration(0.42, 'da')).toBe('0,4 ms');
    expect(formatDuration(0.42, 'en')).toBe('0.4 ms');
    expect(formatDuration(12.6, 'en')).toBe('13 ms');
    expect(formatDuration(1003.2, 'en')).toBe('1 s');
    expect(formatDuration(1250, 'da')).toBe('1,25 s');
  });
});

describe('errorKind and logLevel', () => {
  it('keeps known values and falls back for unknown ones', () => {
    expect(errorKind('timeout')).toBe('timeout');
    expect(errorKind('memory')).toBe('memory');
    expect(errorKind('something new')).toBe('crash');
    expect(logLevel('warn')).toBe('warn');
    expect(logLevel('debug')).toBe('log');
  });
});
