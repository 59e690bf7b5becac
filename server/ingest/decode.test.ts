import { describe, expect, it } from 'vitest';
import {
  decoderOutputToPoints,
  defaultDecode,
  pointTime,
  rawPayload,
  uniquePoints,
  type Point,
} from './decode.ts';

const at = Date.UTC(2025, 0, 2, 3, 4, 5);
const utf8 = (text: string) => rawPayload(Buffer.from(text));

describe('default decoding', () => {
  it('turns a JSON object into one point per numeric field, timed by ts or time', () => {
    expect(defaultDecode(utf8('{"a":1,"b":"x","c":true,"d":2.5,"ts":1700000000}'), at)).toEqual([
      { key: 'a', time: 1_700_000_000_000, value: 1, textValue: null },
      { key: 'd', time: 1_700_000_000_000, value: 2.5, textValue: null },
    ]);
    expect(defaultDecode(utf8('{"a":1,"time":"2024-05-06T07:08:09Z"}'), at)).toEqual([
      { key: 'a', time: Date.UTC(2024, 4, 6, 7, 8, 9), value: 1, textValue: null },
    ]);
  });

  it('uses the receipt time without a usable time, and gives nothing for other payloads', () => {
    expect(defaultDecode(utf8('{"a":1}'), at)).toEqual([
      { key: 'a', time: at, value: 1, textValue: null },
    ]);
    expect(defaultDecode(utf8('{"a":1,"ts":"soon"}'), at)[0]?.time).toBe(at);
    expect(defaultDecode(utf8('{"a":1,"ts":99999999999999}'), at)[0]?.time).toBe(at);
    expect(defaultDecode(utf8('42'), at)).toEqual([]);
    expect(defaultDecode(utf8('{"a":'), at)).toEqual([]);
  });

  it('reads epoch seconds and milliseconds', () => {
    expect(pointTime(1_700_000_000, at)).toBe(1_700_000_000_000);
    expect(pointTime(1_700_000_000_123, at)).toBe(1_700_000_000_123);
    expect(pointTime(5, at)).toBeUndefined();
  });

  it('keeps text that PostgreSQL cannot hold as base64', () => {
    expect(rawPayload(Buffer.from('hej'))).toEqual({ text: 'hej', encoding: 'utf8' });
    expect(rawPayload(Buffer.from([0x61, 0x00]))).toEqual({ text: 'YQA=', encoding: 'base64' });
    expect(rawPayload(Buffer.from([0xc3, 0x28]))).toEqual({ text: 'wyg=', encoding: 'base64' });
  });
});

describe('decoder output', () => {
  it('takes {key, value, time?} items: numbers, booleans, text and null', () => {
    expect(
      decoderOutputToPoints(
        [
          { key: 'n', value: 3 },
          { key: 'b', value: true, time: 1_700_000_000 },
          { key: 's', value: 'open' },
          { key: 'z', value: null },
          { key: '', value: 1 },
          { value: 1 },
          'junk',
        ],
        at,
      ),
    ).toEqual([
      { key: 'n', time: at, value: 3, textValue: null },
      { key: 'b', time: 1_700_000_000_000, value: 1, textValue: null },
      { key: 's', time: at, value: null, textValue: 'open' },
      { key: 'z', time: at, value: null, textValue: null },
    ]);
  });

  it('reads an object like an undecoded payload', () => {
    expect(decoderOutputToPoints({ a: 1, ts: 1_700_000_000 }, at)).toEqual([
      { key: 'a', time: 1_700_000_000_000, value: 1, textValue: null },
    ]);
    expect(decoderOutputToPoints(null, at)).toEqual([]);
  });

  it('keeps one point per key and time: the last value, at the first place', () => {
    const p = (key: string, time: number, value: number): Point => ({
      key,
      time,
      value,
      textValue: null,
    });
    const distinct = [p('a', 1, 1), p('b', 1, 2), p('a', 2, 3)];
    expect(uniquePoints(distinct)).toBe(distinct);
    expect(uniquePoints([p('a', 1, 1), p('b', 1, 2), p('a', 1, 3)])).toEqual([
      p('a', 1, 3),
      p('b', 1, 2),
    ]);
    const many = Array.from({ length: 40 }, (_, i) => p(`k${i % 20}`, 5, i));
    expect(uniquePoints(many)).toEqual(Array.from({ length: 20 }, (_, i) => p(`k${i}`, 5, i + 20)));
  });

  it('keeps valid UTF-8 as text, a replacement character included', () => {
    expect(rawPayload(Buffer.from('{"note":"\ufffd"}'))).toEqual({
      text: '{"note":"\ufffd"}',
      encoding: 'utf8',
    });
  });
});
