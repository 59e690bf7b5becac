import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { exportFileName, toCsv, toJson } from './export.ts';

describe('export', () => {
  it('names files with the product prefix, the list and the date', () => {
    expect(exportFileName('Devices', 'csv', new Date(2026, 10, 2))).toBe(
      'nordlys_devices_02-11-2026.csv',
    );
    expect(exportFileName('API tokens', 'json', new Date(2026, 0, 31))).toBe(
      'nordlys_api-tokens_31-01-2026.json',
    );
  });

  it('writes CSV that parses back, with nested values as JSON and quotes escaped', () => {
    const rows = [
      { id: 1, name: 'Strøget, "A"', org: { name: 'Byliv' } },
      { id: 2, name: 'Nyhavn', org: null },
    ];
    const parsed = Papa.parse<Record<string, string>>(toCsv(rows), { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual({ id: '1', name: 'Strøget, "A"', org: '{"name":"Byliv"}' });
    expect(parsed.data[1]?.name).toBe('Nyhavn');
  });

  it('writes JSON that parses back', () => {
    expect(JSON.parse(toJson([{ a: 1 }]))).toEqual([{ a: 1 }]);
  });
});
