/** Prints rows as an aligned Markdown table, ready to paste into docs/performance.md. */
export function printTable(rows: Record<string, string | number>[]): void {
  const first = rows[0];
  if (!first) return;
  const headers = Object.keys(first);
  const cell = (value: string | number | undefined) =>
    typeof value === 'number' ? value.toLocaleString('en-US') : (value ?? '');
  const widths = headers.map((h) =>
    Math.max(h.length, ...rows.map((r) => String(cell(r[h])).length)),
  );
  const line = (values: string[]) =>
    `| ${values.map((v, i) => v.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const out = [
    line(headers),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(headers.map((h) => String(cell(r[h]))))),
  ];
  process.stdout.write(`${out.join('\n')}\n`);
}
