import { describe, expect, it } from 'vitest';
import type { CollectionData, CollectionDataSegment } from '../../../../contracts/collection.ts';
import { segmentDatasets } from './collection-data.tsx';

const point = (time: string, value: number | null, min = value, max = value) => ({
  time,
  end: time.replace(':00:00', ':59:59'),
  value,
  min,
  max,
  avg: value,
  sum: value,
  count: value === null ? 0 : 1,
  firstTime: time,
  lastTime: time,
  textValue: null,
});

const segment = (
  id: number,
  name: string,
  points: CollectionDataSegment['points'],
): CollectionDataSegment => ({
  device: { id, name },
  from: points[0]?.time ?? '2026-11-01T00:00:00.000Z',
  to: points.at(-1)?.end ?? '2026-11-01T01:00:00.000Z',
  points,
});

const data = (segments: CollectionDataSegment[]): CollectionData => ({
  collectionId: 1,
  key: 'flow',
  timeZone: 'Europe/Copenhagen',
  from: '2026-11-01T00:00:00.000Z',
  to: '2026-11-08T00:00:00.000Z',
  bucketSeconds: 3600,
  segments,
});

describe('segmentDatasets', () => {
  it('draws a line per period, a device in the same colour each time, and leaves empty buckets out', () => {
    const sets = segmentDatasets(
      data([
        segment(7, 'Sluse A', [point('2026-11-01T10:00:00.000Z', 4, 2, 6)]),
        segment(8, 'Sluse B', [
          point('2026-11-02T10:00:00.000Z', null),
          point('2026-11-02T11:00:00.000Z', 5),
        ]),
        segment(7, 'Sluse A', [point('2026-11-03T10:00:00.000Z', 6)]),
      ]),
    );
    expect(sets.map((s) => [s.id, s.label])).toEqual([
      ['7:0', 'Sluse A'],
      ['8:1', 'Sluse B'],
      ['7:2', 'Sluse A'],
    ]);
    expect(sets[0]?.color).toBe(sets[2]?.color);
    expect(sets[0]?.color).not.toBe(sets[1]?.color);
    expect(sets[1]?.points.map((p) => p.value)).toEqual([5]);
    expect(sets[0]?.points[0]).toEqual({
      time: Date.parse('2026-11-01T10:00:00.000Z'),
      value: 4,
      bucket: {
        start: Date.parse('2026-11-01T10:00:00.000Z'),
        end: Date.parse('2026-11-01T10:59:59.000Z'),
        min: 2,
        max: 6,
      },
    });
  });
});
