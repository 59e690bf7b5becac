import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Value } from 'typebox/value';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Graph, type DifferenceGraph } from '../../../../contracts/dashboard.ts';
import type { Device } from '../../../../contracts/device.ts';
import type { DeviceType } from '../../../../contracts/device-type.ts';
import { deviceTypeChoicesQuery, deviceTypeQuery } from '../../../api/device-types/queries.ts';
import { isGraphComplete } from '../../../../machines/dashboard-layout.ts';
import { deviceListQuery, deviceQuery } from '../../../api/devices/queries.ts';
import { activateLocale } from '../../../lib/i18n.ts';
import { alertTexts, press, renderScreen, typeInto } from '../../../ui/test-support.tsx';
import { formatDateTime } from '../period/date-time.ts';
import { GraphEditorDialog, GraphEditorForm } from './graph-editor-dialog.tsx';

// Reads the tests did not seed never answer: the dialog shows what the cache holds.
vi.mock('../../../lib/api-client.ts', () => ({ apiRequest: vi.fn(() => new Promise(() => {})) }));

const NOW = Date.parse('2025-03-10T12:00:00Z');

const device = (id: number, name: string, keys: Device['dataKeys']) =>
  ({
    id,
    name,
    deviceType: { id: 5, name: 'Counter' },
    dataKeys: keys,
    syntheticKeys: [],
  }) as Partial<Device> as Device;

const lobby = device(1, 'Lobby', [
  { key: 'temperature', name: 'Temperature', unit: '°C' },
  { key: 'countIn', name: 'Count in', inherited: true },
]);
const counter = {
  id: 5,
  name: 'Counter',
  structure: [{ key: 'countIn', name: 'Count in', type: 'value' }],
} as Partial<DeviceType> as DeviceType;
const gate = device(2, 'Gate', [{ key: 'countOut', name: 'Count out', inherited: true }]);

async function show(graph: Graph | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(deviceListQuery({ page: 1, pageSize: 50, sort: 'name' }).queryKey, {
    items: [gate, lobby],
    total: 2,
    page: 1,
    pageSize: 50,
  });
  client.setQueryData(deviceQuery(1).queryKey, lobby);
  client.setQueryData(deviceQuery(2).queryKey, gate);
  const onSave = vi.fn<(graph: Graph) => void>();
  const onCancel = vi.fn();
  renderScreen(
    <GraphEditorDialog
      open
      graph={graph}
      onSave={onSave}
      onCancel={onCancel}
      random={() => 0}
      now={() => NOW}
    />,
    client,
  );
  // The form loads apart from the dialog (graph-editor-form.tsx).
  await screen.findByLabelText('Type');
  return { onSave, onCancel, client };
}

const choose = (label: string, value: string | number, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value: String(value) } });

const section = (legend: string) =>
  screen.getByText(legend, { selector: 'legend' }).closest('fieldset') as HTMLElement;

const savedGraph = (onSave: Awaited<ReturnType<typeof show>>['onSave']): Graph => {
  expect(onSave).toHaveBeenCalledTimes(1);
  const [graph] = onSave.mock.calls[0] ?? [];
  if (!graph) throw new Error('onSave was called without a graph');
  return graph;
};

// The form is split off (graph-editor-form.tsx): its module is loaded once before the tests,
// as the dashboard does when idle, so a slow first import is no test's wait.
beforeAll(async () => {
  await Promise.all([activateLocale('en'), GraphEditorForm.preload()]);
});
afterEach(cleanup);

describe('the graph editor', () => {
  it('saves a new chart with the chosen device, key and period', async () => {
    const { onSave } = await show(null);
    typeInto('Name', 'Lobby temperature');
    choose('Device', 1);
    choose('Data key', 'temperature');
    choose('Period to show', 1);
    choose('Period', 4);
    choose('Chart kind', 2);
    await press('Save');
    const graph = savedGraph(onSave);
    expect(Value.Check(Graph, graph)).toBe(true);
    expect(isGraphComplete(graph)).toBe(true);
    expect(graph).toMatchObject({
      id: 'lobby-temperature-aaaaaa',
      type: 0,
      name: 'Lobby temperature',
      periodType: 1,
      period: { menuId: 4, timeType: 2, chartType: 2 },
      dataSource: { type: 0, deviceId: 1, dataKey: 'temperature', cf: 1 },
      // The key's unit, since none was typed.
      unit: '°C',
    });
  });

  it("keeps a difference card's sources when only its name changes", async () => {
    const card: DifferenceGraph = {
      id: 'in-and-out-x3k9q2',
      type: 2,
      name: 'In and out',
      description: null,
      grid: { i: 'in-and-out-x3k9q2', x: 6, y: 0, w: 4, h: 12 },
      periodType: 0,
      period: { menuId: 0, timeType: 1, chartType: 3 },
      refresh: 60,
      dataSource: { type: 0, deviceId: null, dataKey: null, cf: 1 },
      dataSources: {
        a: { type: 1, deviceId: 1, dataKey: 'countIn', cf: 1, statistic: 'sum', label: 'In' },
        b: { type: 0, deviceId: 2, dataKey: 'countOut', cf: 0.5, label: 'Out', unit: 'people' },
      },
    };
    const { onSave } = await show(card);
    const a = section('Source A');
    expect(within(a).getByLabelText<HTMLSelectElement>('Device').value).toBe('1');
    expect(within(a).getByLabelText<HTMLSelectElement>('Data key').value).toBe('countIn');
    expect(within(a).getByLabelText<HTMLSelectElement>('Statistic').value).toBe('sum');
    typeInto('Name', 'Gate balance');
    await press('Save');
    const graph = savedGraph(onSave);
    expect(graph).toMatchObject({ id: card.id, type: 2, name: 'Gate balance', grid: card.grid });
    expect('dataSources' in graph && graph.dataSources).toEqual({
      a: { ...card.dataSources.a, unit: null },
      b: card.dataSources.b,
    });
  });

  it("names a card source's wrong field in that source", async () => {
    const { onSave } = await show(null);
    choose('Type', 2);
    const b = section('Source B (subtracted from A)');
    fireEvent.change(within(b).getByLabelText('Conversion factor'), { target: { value: 'x' } });
    await press('Save');
    expect(onSave).not.toHaveBeenCalled();
    expect(
      within(b)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual(['Choose a device.', 'Choose a data key.', 'Enter a number, e.g. 1 or 0.001.']);
  });

  it("opens a source's own conversion factor beside the graph's and saves both back", async () => {
    const chart: Graph = {
      id: 'lobby-power-x3k9q2',
      type: 0,
      name: 'Lobby power',
      periodType: 0,
      period: { menuId: 0, timeType: 1, chartType: 3 },
      refresh: 60,
      cf: 10,
      dataSource: { type: 0, deviceId: 1, dataKey: 'temperature', cf: 2.5 },
    };
    const { onSave } = await show(chart);
    const factor = (legend: string) =>
      within(section(legend)).getByLabelText<HTMLInputElement>('Conversion factor');
    expect(factor('Data').value).toBe('2.5');
    expect(factor('Display').value).toBe('10');
    await press('Save');
    expect(savedGraph(onSave)).toMatchObject({ cf: 10, dataSource: { cf: 2.5 } });
  });

  it("refuses a source's conversion factor of 0 or no number", async () => {
    const { onSave } = await show(null);
    choose('Device', 1);
    choose('Data key', 'temperature');
    const data = section('Data');
    const factor = within(data).getByLabelText('Conversion factor');
    for (const [typed, message] of [
      ['0', 'Enter a number other than 0, e.g. 1 or 0.001.'],
      ['Infinity', 'Enter a number, e.g. 1 or 0.001.'],
    ] as const) {
      fireEvent.change(factor, { target: { value: typed } });
      await press('Save');
      expect(onSave).not.toHaveBeenCalled();
      expect(within(data).getByRole('alert').textContent).toBe(message);
    }
    fireEvent.change(factor, { target: { value: '0,5' } });
    await press('Save');
    expect(savedGraph(onSave).dataSource.cf).toBe(0.5);
  });

  it('refuses to save without a device and says what is missing', async () => {
    const { onSave } = await show(null);
    await press('Save');
    expect(onSave).not.toHaveBeenCalled();
    expect(alertTexts()).toEqual([
      'Choose a device.',
      'Choose a data key.',
      'Correct the marked fields before saving.',
    ]);
    expect(screen.getByLabelText('Device').getAttribute('aria-invalid')).toBe('true');
  });

  it('offers every graph type, the maps included', async () => {
    await show(null);
    const options = within(screen.getByLabelText('Type')).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('value'))).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
    expect(options.map((option) => option.textContent)).toContain('Map chart');
  });

  it('keeps the name and the data source when the type changes', async () => {
    await show(null);
    typeInto('Name', 'Gate');
    choose('Device', 2);
    choose('Data key', 'countOut');
    choose('Type', 2);
    const a = section('Source A');
    expect(within(a).getByLabelText<HTMLSelectElement>('Device').value).toBe('2');
    expect(within(a).getByLabelText<HTMLSelectElement>('Data key').value).toBe('countOut');
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Gate');
  });

  it("renames a graph that still has its type's name", async () => {
    await show(null);
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Chart');
    choose('Type', 1);
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Gauge');
  });

  it('saves a multi-source chart: a device type, some of its devices and their key', async () => {
    const { onSave, client } = await show(null);
    client.setQueryData(deviceTypeChoicesQuery().queryKey, [counter]);
    client.setQueryData(deviceTypeQuery(5).queryKey, counter);
    client.setQueryData(
      deviceListQuery({ page: 1, pageSize: 50, sort: 'name', filters: { deviceTypeId: 5 } })
        .queryKey,
      { items: [gate, lobby], total: 2, page: 1, pageSize: 50 },
    );
    choose('Type', 6);
    choose('Device type', 5);
    choose('Data key', 'countIn');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Lobby' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Gate' }));
    choose('Conversion factor', 0.001, section('Data'));
    await press('Save');
    expect(savedGraph(onSave)).toMatchObject({
      type: 6,
      name: 'Multi-source chart',
      deviceTypeId: 5,
      deviceIds: [1, 2],
      dataSource: { deviceId: null, dataKey: 'countIn', cf: 0.001 },
    });
  });

  it("keeps a graph's own custom period, never in the future", async () => {
    const { onSave } = await show(null);
    choose('Device', 1);
    choose('Data key', 'temperature');
    choose('Period to show', 1);
    choose('Period', 6);
    typeInto('To', '11/03/2030 00:00:00');
    await press('Save');
    expect(onSave).not.toHaveBeenCalled();
    expect(alertTexts()).toContain('A date in the future cannot be chosen.');
    // The period opened on the last 7 days up to now.
    typeInto('To', formatDateTime(NOW));
    await press('Save');
    expect(savedGraph(onSave).period).toEqual({
      menuId: 6,
      timeType: 2,
      chartType: 3,
      from: new Date(NOW - 7 * 86_400_000).toISOString(),
      to: new Date(NOW).toISOString(),
    });
  });

  it('hands back nothing on cancel', async () => {
    const { onSave, onCancel } = await show(null);
    choose('Device', 1);
    await press('Cancel');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSave).not.toHaveBeenCalled();
  });
});
