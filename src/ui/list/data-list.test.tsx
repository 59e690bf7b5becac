import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../../lib/i18n.ts';
import {
  autoRowsPerPage,
  resolveListState,
  validateListSearch,
  type ListSearch,
  type ListState,
} from '../../lib/list-search.ts';
import { defaultSettings } from '../../lib/settings.ts';
import { lightTheme } from '../theme.ts';
import { DataList } from './data-list.tsx';
import { pageIdentity, selectionOn } from './page-selection.ts';

interface Row {
  id: number;
  name: string;
}

const allRows: Row[] = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));
const columns: ColumnDef<Row, unknown>[] = [{ id: 'name', header: 'Name', accessorKey: 'name' }];

/** A list with its state kept here, as a route keeps it in the URL. */
function Harness({ initial }: { initial: ListState }) {
  const [state, setState] = useState(initial);
  const size = state.view === 'cards' ? (state.cards ?? 9) : state.pageSize;
  return (
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={lightTheme}>
        <DataList
          title="Things"
          columns={columns}
          rows={allRows.slice((state.page - 1) * size, state.page * size)}
          total={allRows.length}
          getId={(row) => String(row.id)}
          getLabel={(row) => row.name}
          state={state}
          onStateChange={(changes) => setState((old) => ({ ...old, ...changes }))}
          loading={false}
          error={null}
          onRetry={() => undefined}
          renderCard={(row) => <span>{row.name}</span>}
          exportRow={(row) => ({ ...row })}
          onDelete={() => Promise.resolve()}
        />
      </ThemeProvider>
    </I18nProvider>
  );
}

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

beforeAll(() => activateLocale('en'));
afterEach(cleanup);

describe('the list page size', () => {
  const search: ListSearch = { page: 1, view: 'list' };

  it("falls back to the user's rows and cards per page when the URL has none", () => {
    expect(validateListSearch({ page: '2' })).not.toHaveProperty('pageSize');
    expect(validateListSearch({ page: '2' })).not.toHaveProperty('cards');
    expect(resolveListState(search, defaultSettings, 12)).toMatchObject({
      pageSize: 10,
      cards: 9,
    });
    expect(resolveListState(search, { trp: 25, cardsPerPage: 4 }, 12)).toMatchObject({
      pageSize: 25,
      cards: 4,
    });
  });

  it('takes what the URL says over the settings', () => {
    const chosen = validateListSearch({ page: '1', pageSize: '50', cards: '6', view: 'cards' });
    expect(resolveListState(chosen, { trp: 25, cardsPerPage: 4 }, 12)).toMatchObject({
      pageSize: 50,
      cards: 6,
      view: 'cards',
    });
  });

  it('turns "auto" into the rows that fit, so a query keys on the size it asks for', () => {
    const fromSetting = resolveListState(search, { trp: 'auto', cardsPerPage: 9 }, 12);
    expect(fromSetting).toMatchObject({ pageSize: 12, auto: true });
    const fromUrl = resolveListState({ ...search, pageSize: 0 }, defaultSettings, 7);
    expect(fromUrl).toMatchObject({ pageSize: 7, auto: true });
    expect(resolveListState(search, defaultSettings, 12)).not.toHaveProperty('auto');
    expect(autoRowsPerPage(1000)).toBe(Math.floor((1000 - 320) / 49));
    expect(autoRowsPerPage(100)).toBe(3);
  });
});

describe('the selection', () => {
  const state: ListState = { page: 1, pageSize: 10, view: 'list' };

  it('belongs to one page: another page, size, sort, search or filter drops it', () => {
    const page = pageIdentity(state, 10);
    const kept = { page, rows: { '1': true } };
    expect(selectionOn(kept, page)).toEqual({ '1': true });
    for (const other of [
      pageIdentity({ ...state, page: 2 }, 10),
      pageIdentity(state, 25),
      pageIdentity({ ...state, sort: 'name' }, 10),
      pageIdentity({ ...state, search: 'x' }, 10),
      pageIdentity({ ...state, filters: { status: 'red' } }, 10),
    ]) {
      expect(other).not.toBe(page);
      expect(selectionOn(kept, other)).toEqual({});
    }
  });
});

describe('DataList', () => {
  it('offers Auto, 5, 7, 8, 10, 15, 20, 25, 50 and 100 rows per page', () => {
    render(<Harness initial={{ page: 1, pageSize: 10, view: 'list' }} />);
    const select = screen.getByRole('combobox', { name: /^Rows per page/ });
    expect(optionTexts(select)).toEqual([
      `Auto (${String(autoRowsPerPage(window.innerHeight))})`,
      '5',
      '7',
      '8',
      '10',
      '15',
      '20',
      '25',
      '50',
      '100',
    ]);
    expect((select as HTMLSelectElement).value).toBe('10');
  });

  it('shows Auto chosen and follows the window as it is resized', () => {
    const height = window.innerHeight;
    render(<Harness initial={{ page: 1, pageSize: 9, auto: true, view: 'list' }} />);
    const select = screen.getByRole('combobox', { name: /^Rows per page/ });
    expect((select as HTMLSelectElement).value).toBe('0');
    try {
      act(() => {
        Object.defineProperty(window, 'innerHeight', { value: 1300, configurable: true });
        window.dispatchEvent(new Event('resize'));
      });
      expect(optionTexts(select)[0]).toBe('Auto (20)');
    } finally {
      Object.defineProperty(window, 'innerHeight', { value: height, configurable: true });
    }
  });

  it('offers 2, 3, 4, 6, 8 and 9 cards per page, 9 by default', () => {
    render(<Harness initial={{ page: 1, pageSize: 10, view: 'cards' }} />);
    const select = screen.getByRole('combobox', { name: /^Cards per page/ });
    expect(optionTexts(select)).toEqual(['2', '3', '4', '6', '8', '9']);
    expect((select as HTMLSelectElement).value).toBe('9');
    expect(screen.getAllByText(/^Row \d+$/)).toHaveLength(9);
  });

  it('drops the selection when the page changes', () => {
    render(<Harness initial={{ page: 1, pageSize: 10, view: 'list' }} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByRole('button', { name: 'Delete (10)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('11–20 of 30')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    // Back on the first page, the rows chosen before are no longer selected.
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('1–10 of 30')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });
});
