import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { strToU8, zipSync } from 'fflate';
import { exportFileName, toCsv } from '../../../ui/list/export.ts';
import { slugOf, type Dashboard } from '../../../../contracts/dashboard.ts';
import type { DrawnGraph } from './drawn-data.tsx';

/**
 * Per-graph and whole-dashboard exports (spec §2 export dialog, issue #14 point
 * 7): made from what the graphs draw (drawn-data.tsx), never read again, so a
 * file holds the numbers on the screen.
 */

/** One exported row: a bucket (or raw point) of one dataset. Times in UTC (ISO) and in the graph's zone. */
export interface ExportRow {
  dataset: string;
  deviceId: number | null;
  dataKey: string | null;
  from: string;
  to: string;
  fromLocal: string;
  toLocal: string;
  value: number;
  statistic: string;
  timeZone: string;
  unit: string;
}

const LOCAL_FORMAT = 'yyyy-MM-dd HH:mm:ss';

function localTime(ms: number, timeZone: string): string {
  try {
    return format(ms, LOCAL_FORMAT, { in: tz(timeZone) });
  } catch {
    return format(ms, LOCAL_FORMAT);
  }
}

/** Every row a graph draws, dataset after dataset. */
export function exportRows(drawn: DrawnGraph): ExportRow[] {
  return drawn.datasets.flatMap((dataset) =>
    dataset.rows.map((row) => ({
      dataset: dataset.label,
      deviceId: dataset.deviceId,
      dataKey: dataset.dataKey,
      from: new Date(row.from).toISOString(),
      to: new Date(row.to).toISOString(),
      fromLocal: localTime(row.from, drawn.timeZone),
      toLocal: localTime(row.to, drawn.timeZone),
      value: row.value,
      statistic: drawn.statistic,
      timeZone: drawn.timeZone,
      unit: dataset.unit ?? drawn.unit ?? '',
    })),
  );
}

export function graphCsv(drawn: DrawnGraph): string {
  return toCsv(exportRows(drawn) as unknown as Record<string, unknown>[]);
}

/** The JSON file: the graph, how its values were made, and each dataset's buckets. */
export function graphJson(drawn: DrawnGraph): string {
  return JSON.stringify(
    {
      graph: drawn.name,
      field: drawn.field,
      statistic: drawn.statistic,
      timeZone: drawn.timeZone,
      unit: drawn.unit,
      datasets: drawn.datasets.map((dataset) => ({
        label: dataset.label,
        deviceId: dataset.deviceId,
        dataKey: dataset.dataKey,
        unit: dataset.unit ?? drawn.unit,
        rows: dataset.rows.map((row) => ({
          from: new Date(row.from).toISOString(),
          to: new Date(row.to).toISOString(),
          value: row.value,
        })),
      })),
    },
    null,
    2,
  );
}

/** `nordlys_<field>_<DD-MM-YYYY>.csv|json`. */
export const graphExportName = (drawn: DrawnGraph, extension: 'csv' | 'json', date = new Date()) =>
  exportFileName(drawn.field || drawn.name, extension, date);

/** `nordlys_<dashboard>_<DD-MM-YYYY>.zip`. */
export const dashboardArchiveName = (dashboard: Pick<Dashboard, 'name'>, date = new Date()) =>
  exportFileName(dashboard.name, 'csv', date).replace(/\.csv$/, '.zip');

/**
 * The whole dashboard at once: a zip with a CSV and a JSON file per graph
 * that draws something (numbered in the dashboard's order, so two graphs of
 * one name stay apart).
 */
export function dashboardArchive(
  dashboard: Pick<Dashboard, 'name' | 'graphs'>,
  drawn: ReadonlyMap<string, DrawnGraph>,
): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  dashboard.graphs.forEach((graph, index) => {
    const shown = drawn.get(graph.id);
    if (!shown) return;
    const base = `${String(index + 1).padStart(2, '0')}-${slugOf(shown.field || graph.name)}`;
    files[`${base}.csv`] = strToU8(graphCsv(shown));
    files[`${base}.json`] = strToU8(graphJson(shown));
  });
  return zipSync(files);
}

/** Saves bytes as a file through the browser. */
export function downloadBytes(bytes: Uint8Array, fileName: string, type: string): void {
  const copy = new Uint8Array(bytes);
  const url = URL.createObjectURL(new Blob([copy.buffer], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
