import { format } from 'date-fns';
import { Value } from 'typebox/value';
import {
  DASHBOARD_FILE_FORMAT,
  DashboardFile,
  slugOf,
  type Dashboard,
} from '../../../../contracts/dashboard.ts';

/** A dashboard as a file to keep or move to another account (contracts' DashboardFile). */
export function dashboardFileOf(dashboard: Dashboard, now: Date): DashboardFile {
  return {
    format: DASHBOARD_FILE_FORMAT,
    version: 1,
    exported: now.toISOString(),
    dashboard: {
      id: dashboard.id,
      name: dashboard.name,
      color: dashboard.color,
      description: dashboard.description,
      graphs: dashboard.graphs,
    },
  };
}

/** `nordlys_<dashboard-slug>_<DD-MM-YYYY>.json`, like the graphs' own exports. */
export function dashboardFileName(name: string, now: Date): string {
  return `nordlys_${slugOf(name)}_${format(now, 'dd-MM-yyyy')}.json`;
}

/** One thing wrong with a file: where (a JSON pointer, '' for the whole file) and what. */
export interface FileProblem {
  path: string;
  message: string;
}

export type DashboardFileReading =
  | { ok: true; file: DashboardFile }
  | { ok: false; reason: 'json' | 'shape'; problems: FileProblem[] };

/** At most this many problems are listed: a file of another kind would list hundreds. */
const PROBLEMS_SHOWN = 12;

/**
 * Reads a dashboard file's text. A file that is not JSON, or not a Nordlys
 * dashboard file, answers what is wrong with it, field by field.
 */
export function readDashboardFile(text: string): DashboardFileReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      reason: 'json',
      problems: [{ path: '', message: error instanceof Error ? error.message : String(error) }],
    };
  }
  if (Value.Check(DashboardFile, parsed)) return { ok: true, file: parsed };
  const problems: FileProblem[] = [];
  const seen = new Set<string>();
  for (const error of Value.Errors(DashboardFile, parsed)) {
    // A union reports every member's complaint; the first per place says enough.
    if (seen.has(error.instancePath)) continue;
    seen.add(error.instancePath);
    problems.push({ path: error.instancePath, message: error.message });
    if (problems.length >= PROBLEMS_SHOWN) break;
  }
  return { ok: false, reason: 'shape', problems };
}

/** Hands the browser a file to save. */
export function downloadFile(name: string, content: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
