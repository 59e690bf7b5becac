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
