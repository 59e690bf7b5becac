import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { TSchema } from 'typebox';
import {
  ChartGraph,
  DifferenceGraph,
  GaugeGraph,
  MapChartGraph,
  MapGraph,
  MultiChartGraph,
  ScoreGraph,
  WindGraph,
  type Graph,
} from '../../../../contracts/dashboard.ts';
import { checkCustomRange, type CustomProblem } from '../../../../machines/period-menu.machine.ts';
import { i18n } from '../../../lib/i18n.ts';
import { contractResolver, type FieldMessages } from '../../../ui/form/contract-resolver.ts';
import { numberOrNull } from '../../../ui/form/values.ts';
import {
  toBody,
  type EditableType,
  type EditorValues,
  type SourceValues,
} from '../graphs/editor-values.ts';
import { parseDateTime } from '../period/date-time.ts';

const schemas: Record<EditableType, TSchema> = {
  0: ChartGraph,
  1: GaugeGraph,
  2: DifferenceGraph,
  3: ScoreGraph,
  4: WindGraph,
  5: MapGraph,
  6: MultiChartGraph,
  7: MapChartGraph,
};

/** Messages by the contract's paths: a card's sources are `dataSources.a`, `dataSources.0`… */
const sourceMessages = (prefix: string): FieldMessages => ({
  [`${prefix}.cf`]: { '*': msg`Enter a number, e.g. 1 or 0.001.` },
  [`${prefix}.label`]: { maxLength: msg`At most 200 characters.` },
  [`${prefix}.unit`]: { maxLength: msg`At most 40 characters.` },
  [`${prefix}.dataKey`]: { '*': msg`Use only letters A–Z, digits and _ . - (no spaces).` },
});

const editorMessages: FieldMessages = {
  name: { '*': msg`A name is required.`, maxLength: msg`At most 200 characters.` },
  description: { maxLength: msg`At most 2000 characters.` },
  refresh: { '*': msg`Enter whole seconds from 0 to 86400 (0: live updates only).` },
  cf: { '*': msg`Enter a number, e.g. 1 or 0.001.` },
  unit: { maxLength: msg`At most 40 characters.` },
  label: { maxLength: msg`At most 200 characters.` },
  min: { '*': msg`Enter a number.` },
  max: { '*': msg`Enter a number.` },
  deviceIds: { maxItems: msg`At most 50 devices.` },
  'period.from': { '*': msg`Enter a date and time as DD/MM/YYYY HH:mm:ss.` },
  'period.to': { '*': msg`Enter a date and time as DD/MM/YYYY HH:mm:ss.` },
  ...sourceMessages('dataSource'),
  ...sourceMessages('dataSources.a'),
  ...sourceMessages('dataSources.b'),
  ...sourceMessages('dataSources.*'),
};

const required = {
  name: msg`A name is required.`,
  device: msg`Choose a device.`,
  key: msg`Choose a data key.`,
  function: msg`Choose a cloud function.`,
  deviceType: msg`Choose a device type.`,
  devices: msg`Choose at least one device.`,
  range: msg`The gauge's highest value must be above its lowest.`,
  factor: msg`Enter a number other than 0, e.g. 1 or 0.001.`,
} satisfies Record<string, MessageDescriptor>;

/** The period menu's reasons (`required`: the field holds no whole date and time), in the editor's words. */
const rangeMessages: Record<CustomProblem, MessageDescriptor> = {
  required: msg`Enter a date and time as DD/MM/YYYY HH:mm:ss.`,
  future: msg`A date in the future cannot be chosen.`,
  order: msg`The start cannot be after the end.`,
};

type Problems = Record<string, string | undefined>;

function checkSource(problems: Problems, path: string, source: SourceValues, device = true) {
  if (device && source.deviceId === null) problems[`${path}.deviceId`] = i18n._(required.device);
  if (source.dataKey.trim() === '') problems[`${path}.dataKey`] = i18n._(required.key);
  if (source.read === 2 && source.functionId === null)
    problems[`${path}.functionId`] = i18n._(required.function);
  // The contract takes any number; a factor of 0 would draw every value as 0.
  if (numberOrNull(source.cf) === 0) problems[`${path}.cf`] = i18n._(required.factor);
}

/**
 * A graph's own custom period (spec §5), checked as the period menu checks
 * its custom range, so the two take exactly the same ranges.
 */
function checkTimes(problems: Problems, values: EditorValues, now: number) {
  const checked = checkCustomRange(
    { from: parseDateTime(values.periodFrom.trim()), to: parseDateTime(values.periodTo.trim()) },
    now,
  );
  if ('range' in checked) return;
  const { from, to } = checked.problems;
  if (from) problems.periodFrom = i18n._(rangeMessages[from]);
  if (to) problems.periodTo = i18n._(rangeMessages[to]);
}

/**
 * What the contract lets be empty but a graph needs to draw anything (the
 * rules of isGraphComplete, each on its field). `now` is the latest time a
 * custom period may reach.
 */
export function editorCheck(values: EditorValues, now: number): Problems {
  const problems: Problems = {};
  if (values.name.trim() === '') problems.name = i18n._(required.name);
  if (values.type === 2) {
    checkSource(problems, 'ab.a', values.ab.a);
    checkSource(problems, 'ab.b', values.ab.b);
  } else if (values.type === 3) {
    checkSource(problems, 'pair.0', values.pair[0]);
    checkSource(problems, 'pair.1', values.pair[1]);
  } else if (values.type === 5) {
    if (values.deviceIds.length === 0) problems.deviceIds = i18n._(required.devices);
  } else if (values.type === 6) {
    if (values.deviceTypeId === null) problems.deviceTypeId = i18n._(required.deviceType);
    if (values.deviceIds.length === 0) problems.deviceIds = i18n._(required.devices);
    checkSource(problems, 'dataSource', values.dataSource, false);
  } else checkSource(problems, 'dataSource', values.dataSource);
  if (values.type === 1) {
    const min = numberOrNull(values.min);
    const max = numberOrNull(values.max);
    if (typeof min === 'number' && typeof max === 'number' && max <= min)
      problems.max = i18n._(required.range);
  }
  if (values.periodType === 1 && values.period.menuId === 6) checkTimes(problems, values, now);
  return problems;
}

type Tree = Record<string, unknown>;
const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null;

/** Two error trees in one; at a field named in both, `over`'s error stays. */
function merged(under: unknown, over: unknown): unknown {
  if (!isTree(under) || !isTree(over) || 'message' in over || 'message' in under)
    return over ?? under;
  const out: Tree = Array.isArray(under) || Array.isArray(over) ? ([] as unknown as Tree) : {};
  for (const key of new Set([...Object.keys(under), ...Object.keys(over)]))
    out[key] = merged(under[key], over[key]);
  return out;
}

/**
 * The contract's paths in the form's names: a card's sources and a period's
 * times live apart. The form's own checks (already in form names) win.
 */
function renamed(errors: FieldErrors<EditorValues>, type: EditableType): FieldErrors<EditorValues> {
  const { dataSources, period, ...own } = errors as FieldErrors<EditorValues> & {
    dataSources?: unknown;
    period?: { from?: unknown; to?: unknown };
  };
  const contract: Tree = {
    ...(period?.from ? { periodFrom: period.from } : {}),
    ...(period?.to ? { periodTo: period.to } : {}),
  };
  if (dataSources !== undefined) contract[type === 2 ? 'ab' : 'pair'] = dataSources;
  return merged(contract, own) as FieldErrors<EditorValues>;
}

/**
 * Checks the graph a form makes against its type's contract (the union's
 * member, so each wrong field is named), then what a graph needs to draw.
 */
export function editorResolver(
  original: Graph,
  now: () => number = () => Date.now(),
): Resolver<EditorValues, unknown, Graph> {
  return async (values, context, options) => {
    const check = contractResolver<EditorValues, TSchema>(schemas[values.type], {
      toBody: (v) => toBody(v, original),
      messages: editorMessages,
      check: (v) => editorCheck(v, now()),
    });
    const result = await check(values, context, options);
    if (Object.keys(result.errors).length === 0)
      return result as Awaited<ReturnType<Resolver<EditorValues, unknown, Graph>>>;
    return { values: {}, errors: renamed(result.errors, values.type) };
  };
}
