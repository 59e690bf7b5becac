import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Clock ticks a second of /proc's CPU times (100 on Linux, but asked). */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface Stat {
  pid: number;
  comm: string;
  ppid: number;
  /** User + system CPU seconds. */
  cpu: number;
}

function readStat(pid: number): Stat | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // gone since the directory was listed
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  const fields = text.slice(close + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  return { pid, comm, ppid: Number(fields[1]), cpu: ticks / TICKS_PER_SECOND };
}

/**
 * CPU seconds used so far by the Chromium processes this process started
 * (browser, renderers, GPU, utility), from /proc; null where there is no
 * /proc. A process that exited between two readings takes its seconds with it.
 */
export function chromiumCpuSeconds(root = process.pid): number | null {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return null;
  }
  const stats = new Map<number, Stat>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat) stats.set(stat.pid, stat);
  }
  const descends = (stat: Stat): boolean => {
    let parent = stats.get(stat.ppid);
    for (let depth = 0; parent && depth < 32; depth++) {
      if (parent.pid === root) return true;
      parent = stats.get(parent.ppid);
    }
    return false;
  };
  let seconds = 0;
  for (const stat of stats.values())
    if (stat.comm.startsWith('chrom') && descends(stat)) seconds += stat.cpu;
  return seconds;
}
