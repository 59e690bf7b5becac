import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { TSchema } from 'typebox';
import {
  ChartGraph,
  DifferenceGraph,
  GaugeGraph,
  MultiChartGraph,
  ScoreGraph,
  WindGraph,
  dataSourceTypes,
  type DataSource,
  type Graph,
  type GraphPeriod,
} from '../../../../contracts/dashboard.ts';
import type { Statistic } from '../../../../contracts/history.ts';
import { regridForType } from '../../../../machines/dashboard-layout.ts';
import { i18n } from '../../../lib/i18n.ts';
import { contractResolver, type FieldMessages } from '../../../ui/form/contract-resolver.ts';
import { numberOrNull, numberText, textOrNull } from '../../../ui/form/values.ts';
import { graphKind } from './graph-kind.ts';

/** The graph types the editor offers: maps (5, 7) come with the maps issue. */
export const editableTypes = [0, 1, 2, 3, 4, 6] as const;
export type EditableType = (typeof editableTypes)[number];

/** One data source as typed: numbers as text until the body is made. */
export interface SourceValues {
  deviceId: number | null;
  dataKey: string;
  statistic: Statistic | '';
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
  deviceIds: number[];
  periodType: 0 | 1;
  period: GraphPeriod;
  unit: string;
  label: string;
  refresh: string;
  yAxis: 'linear' | 'log';
  min: string;
  max: string;
}

const sourceValues = (source: DataSource | undefined): SourceValues => ({
  deviceId: source?.deviceId ?? null,
  dataKey: source?.dataKey ?? '',
  statistic: source?.statistic ?? '',
  cf: numberText(source?.cf ?? 1),
  label: source?.label ?? '',
  unit: source?.unit ?? '',
});

const isEditable = (type: number): type is EditableType =>
  (editableTypes as readonly number[]).includes(type);

export function toValues(graph: Graph): EditorValues {
  const it = graphKind(graph);
  const main = sourceValues(graph.dataSource);
  return {
    type: isEditable(graph.type) ? graph.type : 0,
    name: graph.name,
    description: graph.description ?? '',
    dataSource: main,
    ab: {
      a: sourceValues(it.kind === 'difference' ? it.graph.dataSources.a : graph.dataSource),
      b: sourceValues(it.kind === 'difference' ? it.graph.dataSources.b : undefined),
    },
    pair: [
      sourceValues(it.kind === 'score' ? it.graph.dataSources[0] : graph.dataSource),
      sourceValues(it.kind === 'score' ? it.graph.dataSources[1] : undefined),
    ],
    directionKey: it.kind === 'wind' ? (it.graph.directionKey ?? '') : '',
    deviceTypeId: it.kind === 'multiChart' ? it.graph.deviceTypeId : null,
    deviceIds: it.kind === 'multiChart' ? [...it.graph.deviceIds] : [],
    periodType: graph.periodType === 1 ? 1 : 0,
    period: graph.period,
    unit: graph.unit ?? '',
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
    type: values.statistic ? dataSourceTypes.statistic : dataSourceTypes.key,
    deviceId: values.deviceId,
    dataKey: textOrNull(values.dataKey),
    // Left empty, the factor is 1; text that is no number stays, so the contract refuses it.
    cf: (cf ?? 1) as number,
    ...(values.statistic ? { statistic: values.statistic } : {}),
    label: textOrNull(values.label),
    unit: textOrNull(values.unit),
  };
}

const optionalNumber = (text: string) => {
  const value = numberOrNull(text);
  return value === null ? {} : { value: value as number };
};

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
    period: values.period,
    refresh: (refresh ?? 0) as number,
    unit: textOrNull(values.unit),
    label: textOrNull(values.label),
    yAxis: values.yAxis,
    dataSource: sourceBody(values.dataSource),
  };
  switch (values.type) {
    case 1: {
      const min = optionalNumber(values.min);
      const max = optionalNumber(values.max);
      return {
        ...base,
        type: 1,
        ...('value' in min ? { min: min.value } : {}),
        ...('value' in max ? { max: max.value } : {}),
      };
    }
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

const schemas: Record<EditableType, TSchema> = {
  0: ChartGraph,
  1: GaugeGraph,
  2: DifferenceGraph,
  3: ScoreGraph,
  4: WindGraph,
  6: MultiChartGraph,
};

const sourceMessages = (prefix: string): FieldMessages => ({
  [`${prefix}.cf`]: { '*': msg`Enter a number, e.g. 1 or 0.001.` },
  [`${prefix}.label`]: { maxLength: msg`At most 200 characters.` },
  [`${prefix}.unit`]: { maxLength: msg`At most 40 characters.` },
});

export const editorMessages: FieldMessages = {
  name: { '*': msg`A name is required.`, maxLength: msg`At most 200 characters.` },
  refresh: { '*': msg`Enter whole seconds from 0 to 86400 (0: live updates only).` },
  min: { '*': msg`Enter a number.` },
  max: { '*': msg`Enter a number.` },
  ...sourceMessages('dataSource'),
  ...sourceMessages('ab.a'),
  ...sourceMessages('ab.b'),
  ...sourceMessages('pair.*'),
};

const required = {
  device: msg`Choose a device.`,
  key: msg`Choose a data key.`,
  deviceType: msg`Choose a device type.`,
  devices: msg`Choose at least one device.`,
  range: msg`The gauge's highest value must be above its lowest.`,
} satisfies Record<string, MessageDescriptor>;

/** What the contract lets be empty but a graph needs to draw anything. */
export function editorCheck(values: EditorValues): Record<string, string | undefined> {
  const problems: Record<string, string | undefined> = {};
  const source = (path: string, s: SourceValues) => {
    if (s.deviceId === null) problems[`${path}.deviceId`] = i18n._(required.device);
    if (s.dataKey.trim() === '') problems[`${path}.dataKey`] = i18n._(required.key);
  };
  if (values.type === 2) {
    source('ab.a', values.ab.a);
    source('ab.b', values.ab.b);
  } else if (values.type === 3) {
    source('pair.0', values.pair[0]);
    source('pair.1', values.pair[1]);
  } else if (values.type === 6) {
    if (values.deviceTypeId === null) problems.deviceTypeId = i18n._(required.deviceType);
    if (values.deviceIds.length === 0) problems.deviceIds = i18n._(required.devices);
    if (values.dataSource.dataKey.trim() === '')
      problems['dataSource.dataKey'] = i18n._(required.key);
  } else source('dataSource', values.dataSource);
  if (values.type === 1) {
    const min = numberOrNull(values.min);
    const max = numberOrNull(values.max);
    if (typeof min === 'number' && typeof max === 'number' && max <= min)
      problems.max = i18n._(required.range);
  }
  return problems;
}

/** The contract's paths in the form's names: a card's sources live apart per type. */
function renamed(errors: FieldErrors<EditorValues>, type: EditableType): FieldErrors<EditorValues> {
  const { dataSources, ...rest } = errors as FieldErrors<EditorValues> & {
    dataSources?: unknown;
  };
  if (dataSources === undefined) return errors;
  if (type === 2) return { ...rest, ab: dataSources } as FieldErrors<EditorValues>;
  if (type === 3) return { ...rest, pair: dataSources } as FieldErrors<EditorValues>;
  return rest as FieldErrors<EditorValues>;
}

/**
 * Checks the graph a form makes against its type's contract (the union's
 * member, so each wrong field is named), then what a graph needs to draw.
 */
export function editorResolver(original: Graph): Resolver<EditorValues, unknown, Graph> {
  return async (values, context, options) => {
    const check = contractResolver<EditorValues, TSchema>(schemas[values.type], {
      toBody: (v) => toBody(v, original),
      messages: editorMessages,
      check: editorCheck,
    });
    const result = await check(values, context, options);
    if (Object.keys(result.errors).length === 0)
      return result as Awaited<ReturnType<Resolver<EditorValues, unknown, Graph>>>;
    return { values: {}, errors: renamed(result.errors, values.type) };
  };
}
