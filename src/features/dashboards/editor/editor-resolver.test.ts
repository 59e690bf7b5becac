import { beforeAll, describe, expect, it } from 'vitest';
import type { Graph } from '../../../../contracts/dashboard.ts';
import { checkCustomRange } from '../../../../machines/period-menu.machine.ts';
import { activateLocale } from '../../../lib/i18n.ts';
import { toBody, toValues, type EditorValues } from '../graphs/editor-values.ts';
import { formatDateTime } from '../period/date-time.ts';
import { editorCheck } from './editor-resolver.ts';

// Whole seconds, as the fields hold them.
const NOW = Date.parse('2025-03-10T12:00:00Z');
const HOUR = 3_600_000;

const chart: Graph = {
  id: 'lobby-x3k9q2',
  type: 0,
  name: 'Lobby',
  periodType: 1,
  period: { menuId: 6, timeType: 2, chartType: 3 },
  refresh: 60,
  dataSource: { type: 0, deviceId: 1, dataKey: 'temperature', cf: 1 },
};

/** The editor's values for a graph with its own custom period from `from` to `to`. */
const customPeriod = (from: number, to: number): EditorValues => ({
  ...toValues(chart),
  periodFrom: formatDateTime(from),
  periodTo: formatDateTime(to),
});

const periodProblems = (values: EditorValues) => {
  const { periodFrom, periodTo } = editorCheck(values, NOW);
  return { periodFrom, periodTo };
};

beforeAll(() => activateLocale('en'));

describe("the graph editor's custom period", () => {
  it('takes a range that starts and ends at the same time, as the period menu does', () => {
    expect(periodProblems(customPeriod(NOW - HOUR, NOW - HOUR))).toEqual({});
  });

  it('refuses a start after the end on the end', () => {
    expect(periodProblems(customPeriod(NOW - HOUR, NOW - 2 * HOUR))).toEqual({
      periodTo: 'The start cannot be after the end.',
    });
  });

  it('refuses a date in the future on the field that has it', () => {
    expect(periodProblems(customPeriod(NOW - HOUR, NOW + HOUR))).toEqual({
      periodTo: 'A date in the future cannot be chosen.',
    });
    expect(periodProblems(customPeriod(NOW + HOUR, NOW + 2 * HOUR))).toEqual({
      periodFrom: 'A date in the future cannot be chosen.',
      periodTo: 'A date in the future cannot be chosen.',
    });
  });

  it('names a time that is no date and time', () => {
    expect(periodProblems({ ...customPeriod(NOW - HOUR, NOW), periodFrom: '31/02/2025' })).toEqual({
      periodFrom: 'Enter a date and time as DD/MM/YYYY HH:mm:ss.',
    });
  });

  it('accepts and refuses exactly the ranges the period menu does', () => {
    const times = [NOW - 2 * HOUR, NOW - HOUR, NOW, NOW + HOUR];
    for (const from of times)
      for (const to of times) {
        const menuTakes = 'range' in checkCustomRange({ from, to }, NOW);
        const { periodFrom, periodTo } = periodProblems(customPeriod(from, to));
        expect({ from, to, taken: !periodFrom && !periodTo }).toEqual({
          from,
          to,
          taken: menuTakes,
        });
      }
  });
});

describe('map graphs in the editor', () => {
  const map: Graph = {
    id: 'map-a1b2c3',
    type: 5,
    name: 'Where they stand',
    periodType: 0,
    period: { menuId: 3, timeType: 2, chartType: 3 },
    refresh: 0,
    dataSource: { type: 0, deviceId: null, dataKey: null, cf: 1 },
    deviceIds: [4, 9],
  };
  const mapChart: Graph = {
    id: 'mapchart-d4e5f6',
    type: 7,
    name: 'Counts by place',
    periodType: 0,
    period: { menuId: 3, timeType: 2, chartType: 3 },
    refresh: 0,
    dataSource: { type: 0, deviceId: 4, dataKey: 'countIn', cf: 1 },
    lat: 55.68,
    long: 12.57,
    deviceId: 4,
    deviceUUID: null,
  };

  it('keeps a map graph and a map chart through the form unchanged', () => {
    for (const graph of [map, mapChart])
      expect(toBody(toValues(graph), graph)).toEqual({
        ...graph,
        description: null,
        unit: null,
        label: null,
        yAxis: 'linear',
        dataSource: { ...graph.dataSource, label: null, unit: null },
      });
  });

  it('asks a map for its devices, and a map chart for its device and key', () => {
    expect(editorCheck({ ...toValues(map), deviceIds: [] }, NOW)).toEqual({
      deviceIds: 'Choose at least one device.',
    });
    expect(editorCheck(toValues(map), NOW)).toEqual({});
    const problems = editorCheck(
      { ...toValues(mapChart), dataSource: { ...toValues(mapChart).dataSource, dataKey: '' } },
      NOW,
    );
    expect(Object.keys(problems)).toEqual(['dataSource.dataKey']);
  });

  it('leaves a map chart without a centre to look at its device', () => {
    const body = toBody({ ...toValues(mapChart), lat: '', long: '' }, mapChart);
    expect(body).toMatchObject({ type: 7, lat: null, long: null, deviceId: 4 });
  });
});
