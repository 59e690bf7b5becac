import Papa from 'papaparse';
import { format } from 'date-fns';

/** `nordlys_<list>_<DD-MM-YYYY>.<ext>`: the product prefix, the data's name and the date. */
export function exportFileName(name: string, extension: 'csv' | 'json', date = new Date()): string {
  const safe =
    name
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9æøå]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'export';
  return `nordlys_${safe}_${format(date, 'dd-MM-yyyy')}.${extension}`;
}

export function toCsv(rows: Record<string, unknown>[]): string {
  return Papa.unparse(
    rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [
          key,
          value !== null && typeof value === 'object' ? JSON.stringify(value) : value,
        ]),
      ),
    ),
  );
}

export function toJson(rows: unknown[]): string {
  return JSON.stringify(rows, null, 2);
}

/** Saves text as a file through the browser. */
export function download(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
