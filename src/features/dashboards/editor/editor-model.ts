import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Control } from 'react-hook-form';
import type { Graph } from '../../../../contracts/dashboard.ts';
import { defaultGraphNames } from '../../../../machines/dashboard-layout.ts';
import type { EditableType, EditorValues, SourceValues } from '../graphs/editor-values.ts';

/** The graph editor's form, as its sections take it. */
export type EditorControl = Control<EditorValues, unknown, Graph>;

/** Where a data source sits in the form: the graph's own, a difference card's a and b, a score card's two. */
export type SourcePath = 'dataSource' | 'ab.a' | 'ab.b' | 'pair.0' | 'pair.1';

/** What each type the editor offers is called; a new graph is named after its type. */
export const typeNames: Record<EditableType, MessageDescriptor> = {
  0: msg`Chart`,
  1: msg`Gauge`,
  2: msg`Difference card`,
  3: msg`Score card`,
  4: msg`Wind card`,
  5: msg`Map`,
  6: msg`Multi-source chart`,
  7: msg`Map chart`,
};

/** The source a type reads first: a card's first one, or a multi-source chart's key on its first device. */
function firstSource(values: EditorValues): SourceValues {
  switch (values.type) {
    case 2:
      return values.ab.a;
    case 3:
      return values.pair[0];
    case 6:
      return { ...values.dataSource, deviceId: values.deviceIds[0] ?? values.dataSource.deviceId };
    default:
      return values.dataSource;
  }
}

const namesSomething = (source: SourceValues) =>
  source.deviceId !== null || source.dataKey.trim() !== '';

/**
 * The form after the type changed: what was typed stays where it makes
 * sense. The period, unit and the rest are shared by every type. The first
 * data source moves to the new type's first source; a multi-source chart
 * starts from that device and its type (`deviceTypeOf`, when known). A name
 * that was only the old type's default (`nameOf`, or the English one a new
 * graph starts with) becomes the new type's.
 */
export function withType(
  values: EditorValues,
  type: EditableType,
  nameOf: (type: EditableType) => string,
  deviceTypeOf: (deviceId: number) => number | null = () => null,
): EditorValues {
  if (values.type === type) return values;
  const trimmed = values.name.trim();
  const defaultName =
    trimmed === '' || trimmed === nameOf(values.type) || trimmed === defaultGraphNames[values.type];
  const next: EditorValues = { ...values, type, name: defaultName ? nameOf(type) : values.name };
  const first = firstSource(values);
  if (!namesSomething(first)) return next;
  if (type === 2) next.ab = { ...values.ab, a: first };
  else if (type === 3) next.pair = [first, values.pair[1]];
  else next.dataSource = first;
  if (type === 6 && values.deviceIds.length === 0 && first.deviceId !== null) {
    const deviceTypeId = deviceTypeOf(first.deviceId);
    if (deviceTypeId !== null) {
      next.deviceTypeId = deviceTypeId;
      next.deviceIds = [first.deviceId];
    }
  }
  return next;
}
