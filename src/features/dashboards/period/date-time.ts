import { format, isValid, parse } from 'date-fns';

/** The custom period's format (spec §5): DD/MM/YYYY HH:mm:ss, 24-hour. */
const FORMAT = 'dd/MM/yyyy HH:mm:ss';

export const formatDateTime = (ms: number): string => format(ms, FORMAT);

/** Epoch ms of a typed date and time in the browser's zone, or null when it is not one. */
export function parseDateTime(text: string): number | null {
  if (text.length !== FORMAT.length) return null;
  const date = parse(text, FORMAT, new Date(0));
  return isValid(date) ? date.getTime() : null;
}

export type RangeProblem = 'format' | 'future' | 'order';

/** A typed range checked: both dates real, neither after `now`, from before to. */
export function checkRange(
  fromText: string,
  toText: string,
  now: number,
):
  | { range: { from: number; to: number } }
  | { problems: Partial<Record<'from' | 'to', RangeProblem>> } {
  const from = parseDateTime(fromText);
  const to = parseDateTime(toText);
  const problems: Partial<Record<'from' | 'to', RangeProblem>> = {};
  if (from === null) problems.from = 'format';
  else if (from > now) problems.from = 'future';
  if (to === null) problems.to = 'format';
  else if (to > now) problems.to = 'future';
  if (from !== null && to !== null && !problems.from && !problems.to && from >= to)
    problems.to = 'order';
  if (from === null || to === null || Object.keys(problems).length > 0) return { problems };
  return { range: { from, to } };
}
