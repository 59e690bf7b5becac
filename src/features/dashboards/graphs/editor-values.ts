import {
  dataSourceTypes,
  graphTypes,
  type DataSource,
  type Graph,
  type GraphPeriod,
} from '../../../../contracts/dashboard.ts';
import type { Statistic } from '../../../../contracts/history.ts';
import { regridForType } from '../../../../machines/dashboard-layout.ts';
import { periodOption } from '../../../lib/periods.ts';
import { numberOrNull, numberText, textOrNull } from '../../../ui/form/values.ts';
import { formatDateTime, parseDateTime } from '../period/date-time.ts';
import { graphKind } from './graph-kind.ts';

/** The graph types the editor offers: every one, in the order the type menu lists them. */
export const editableTypes = [0, 1, 2, 3, 4, 5, 6, 7] as const;
export type EditableType = (typeof editableTypes)[number];

export const isEditable = (type: number): type is EditableType =>
  (editableTypes as readonly number[]).includes(type);

/** How a source is read (contract dataSourceTypes): 0 the key as is, 1 a statistic, 2 a function's output. */
export type SourceRead = 0 | 1 | 2;

/** One data source as typed: numbers as text until the body is made. */
export interface SourceValues {
  deviceId: number | null;
  dataKey: string;
  read: SourceRead;
  statistic: Statistic;
  functionId: number | null;
  cf: string;
  label: string;
  unit: string;
}

/**
 * Everything the editor holds, for every type at once: switching the type
 * keeps what was typed, and the body takes only what its type has.
 */
export interface EditorValues {
  type: EditableType;
  name: string;
  description: string;
  dataSource: SourceValues;
  ab: { a: SourceValues; b: SourceValues };
  pair: [SourceValues, SourceValues];
  directionKey: string;
  deviceTypeId: number | null;
  /** A multi-source chart's devices, or a map's. */
  deviceIds: number[];
  /** Where a map chart looks first, as typed; empty for its device's place. */
  lat: string;
  long: string;
  periodType: 0 | 1;
  period: GraphPeriod;
  /** The custom period's ends as typed, DD/MM/YYYY HH:mm:ss in the browser's zone. */
  periodFrom: string;
  periodTo: string;
  unit: string;
  cf: string;
  label: string;
  refresh: string;
  yAxis: 'linear' | 'log';
  min: string;
  max: string;
}

const graphDeviceIds = (graph: Graph): readonly number[] =>
  graph.type === graphTypes.map || graph.type === graphTypes.multiChart ? graph.deviceIds : [];

const readOf = (type: number | undefined): SourceRead => (type === 1 || type === 2 ? type : 0);

const sourceValues = (source: DataSource | undefined): SourceValues => ({
  deviceId: source?.deviceId ?? null,
  dataKey: source?.dataKey ?? '',
  read: readOf(source?.type),
  statistic: source?.statistic ?? 'avg',
  functionId: source?.functionId ?? null,
  cf: numberText(source?.cf ?? 1),
  label: source?.label ?? '',
  unit: source?.unit ?? '',
});

const timeText = (iso: string | null | undefined) => {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(ms) ? formatDateTime(ms) : '';
};

/** A graph as the editor holds it; each type's sources in their own place (the editor carries them over on a type change). */
export function toValues(graph: Graph): EditorValues {
  const it = graphKind(graph);
  const { from, to, ...period } = graph.period;
  return {
    type: isEditable(graph.type) ? graph.type : 0,
    name: graph.name,
    description: graph.description ?? '',
    dataSource: sourceValues(graph.dataSource),
    ab: {
      a: sourceValues(it.kind === 'difference' ? it.graph.dataSources.a : undefined),
      b: sourceValues(it.kind === 'difference' ? it.graph.dataSources.b : undefined),
    },
    pair: [
      sourceValues(it.kind === 'score' ? it.graph.dataSources[0] : undefined),
      sourceValues(it.kind === 'score' ? it.graph.dataSources[1] : undefined),
    ],
    directionKey: it.kind === 'wind' ? (it.graph.directionKey ?? '') : '',
    deviceTypeId: it.kind === 'multiChart' ? it.graph.deviceTypeId : null,
    deviceIds:
      it.kind === 'multiChart' || graph.type === graphTypes.map ? [...graphDeviceIds(graph)] : [],
    lat: graph.type === graphTypes.mapChart ? numberText(graph.lat) : '',
    long: graph.type === graphTypes.mapChart ? numberText(graph.long) : '',
    periodType: graph.periodType === 1 ? 1 : 0,
    period,
    periodFrom: timeText(from),
    periodTo: timeText(to),
    unit: graph.unit ?? '',
    cf: numberText(graph.cf),
    label: graph.label ?? '',
    refresh: String(graph.refresh),
    yAxis: graph.yAxis ?? 'linear',
    min: it.kind === 'gauge' ? numberText(it.graph.min) : '',
    max: it.kind === 'gauge' ? numberText(it.graph.max) : '',
  };
}

function sourceBody(values: SourceValues): DataSource {
  const cf = numberOrNull(values.cf);
  return {
    type: values.read,
    deviceId: values.deviceId,
    dataKey: textOrNull(values.dataKey),
    // Left empty, the factor is 1; text that is no number stays, so the contract refuses it.
    cf: (cf ?? 1) as number,
    ...(values.read === dataSourceTypes.statistic ? { statistic: values.statistic } : {}),
    ...(values.read === dataSourceTypes.function ? { functionId: values.functionId } : {}),
    label: textOrNull(values.label),
    unit: textOrNull(values.unit),
  };
}

/** A typed number: left out when empty, the text itself when it is no number (the contract refuses it). */
const optionalNumber = <K extends string>(name: K, text: string): Partial<Record<K, number>> => {
  const value = numberOrNull(text);
  return value === null ? {} : ({ [name]: value } as Record<K, number>);
};

/** A typed time as the contract's timestamp; unreadable text stays, so the check names it. */
const timestamp = (text: string) => {
  const ms = parseDateTime(text.trim());
  return ms === null ? text : new Date(ms).toISOString();
};

/**
 * The period a graph keeps: the granularity follows a newly chosen menu
 * entry (an unchanged one keeps its own), and only a graph's own custom
 * period keeps its times.
 */
function periodBody(values: EditorValues, original: GraphPeriod): GraphPeriod {
  const { menuId, chartType, raw, hide } = values.period;
  const timeType =
    menuId === original.menuId ? values.period.timeType : (periodOption(menuId)?.timeType ?? 2);
  const custom =
    values.periodType === 1 && menuId === 6
      ? { from: timestamp(values.periodFrom), to: timestamp(values.periodTo) }
      : {};
  return {
    menuId,
    timeType,
    chartType,
    ...custom,
    ...(raw === undefined ? {} : { raw }),
    ...(hide === undefined ? {} : { hide }),
  };
}

/** The graph a form's values make, on the graph being edited (its id and place stay). */
export function toBody(values: EditorValues, original: Graph): Graph {
  const refresh = numberOrNull(values.refresh);
  const grid = original.grid
    ? original.type === values.type
      ? original.grid
      : regridForType(original.grid, values.type)
    : undefined;
  const base = {
    id: original.id,
    name: values.name.trim(),
    description: textOrNull(values.description),
    ...(grid ? { grid } : {}),
    periodType: values.periodType,
    period: periodBody(values, original.period),
    refresh: (refresh ?? 0) as number,
    unit: textOrNull(values.unit),
    ...optionalNumber('cf', values.cf),
    label: textOrNull(values.label),
    yAxis: values.yAxis,
    dataSource: sourceBody(values.dataSource),
  };
  switch (values.type) {
    case 1:
      return {
        ...base,
        type: 1,
        ...optionalNumber('min', values.min),
        ...optionalNumber('max', values.max),
      };
    case 2:
      return {
        ...base,
        type: 2,
        dataSources: { a: sourceBody(values.ab.a), b: sourceBody(values.ab.b) },
      };
    case 3:
      return { ...base, type: 3, dataSources: values.pair.map(sourceBody) };
    case 4:
      return { ...base, type: 4, directionKey: textOrNull(values.directionKey) };
    case 5:
      return {
        ...base,
        type: 5,
        deviceIds: values.deviceIds,
        // A map draws its devices; its source names nothing.
        dataSource: { ...base.dataSource, deviceId: null, dataKey: null },
      };
    case 7:
      // Text that is no number stays, so the contract names the field.
      return {
        ...base,
        type: 7,
        lat: numberOrNull(values.lat) as number | null,
        long: numberOrNull(values.long) as number | null,
        deviceId: base.dataSource.deviceId,
        deviceUUID: null,
      };
    case 6:
      return {
        ...base,
        type: 6,
        deviceTypeId: values.deviceTypeId,
        deviceIds: values.deviceIds,
        // The devices come from the list; the source names only the key.
        dataSource: { ...base.dataSource, deviceId: null },
      };
    default:
      return { ...base, type: 0 };
  }
}
