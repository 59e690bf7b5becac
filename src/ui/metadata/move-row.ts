/** The rows with the one at `from` moved to `to` (both clamped to the list). */
export function moveRow<T>(rows: readonly T[], from: number, to: number): T[] {
  const last = rows.length - 1;
  const source = Math.min(Math.max(from, 0), last);
  const target = Math.min(Math.max(to, 0), last);
  const out = [...rows];
  const [moved] = out.splice(source, 1);
  if (moved === undefined) return out;
  out.splice(target, 0, moved);
  return out;
}
