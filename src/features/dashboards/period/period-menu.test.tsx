import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GraphPeriod } from '../../../../contracts/dashboard.ts';
import { activateLocale } from '../../../lib/i18n.ts';
import { renderScreen } from '../../../ui/test-support.tsx';
import { CustomDateForm } from './custom-date-dialog.tsx';
import { PeriodMenu } from './period-menu.tsx';

// The custom period's form is split off (custom-date-form.tsx): its module is loaded once
// before the tests, as the dashboard does when idle, so a slow first import is no test's wait.
beforeAll(async () => {
  await Promise.all([activateLocale('en'), CustomDateForm.preload()]);
});
afterEach(cleanup);

// Local time, far from any daylight saving change, so 7 days back is the same clock time.
const NOW = new Date(2026, 5, 17, 14, 30, 0).getTime();
const today: GraphPeriod = { menuId: 0, timeType: 1, chartType: 3 };

function renderMenu(liveData: boolean) {
  const onChange = vi.fn<(period: GraphPeriod) => void>();
  renderScreen(
    <PeriodMenu value={today} onChange={onChange} liveData={liveData} now={() => NOW} />,
  );
  return onChange;
}

const openMenu = () =>
  act(async () => {
    fireEvent.keyDown(screen.getByRole('button', { name: /^Period:/ }), { key: 'Enter' });
  });

const chooseItem = (name: string) =>
  act(async () => fireEvent.click(screen.getByRole('menuitem', { name })));

/** Chooses the custom period and waits for its form, which loads apart from the menu. */
const openCustom = async () => {
  await chooseItem('Custom period…');
  await screen.findByLabelText('From');
};

const menuItems = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

/** Types over a date field as a user would: cleared, then the new date and time. */
const retype = (label: string, text: string) => {
  const field = screen.getByLabelText(label);
  fireEvent.input(field, { target: { value: '' } });
  fireEvent.input(field, { target: { value: text } });
};

const fieldText = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('PeriodMenu', () => {
  it('offers the live periods only with live data on', async () => {
    renderMenu(false);
    await openMenu();
    expect(menuItems()).toContain('Last 90 days');
    expect(menuItems()).not.toContain('Last minute');
    expect(menuItems()).not.toContain('Last 6 hours');
    cleanup();

    renderMenu(true);
    await openMenu();
    expect(menuItems()).toEqual(expect.arrayContaining(['Last minute', 'Last 6 hours']));
  });

  it('selects a period from the menu', async () => {
    const onChange = renderMenu(false);
    await openMenu();
    await chooseItem('Last 30 days');
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ menuId: 4, timeType: 2, chartType: 3 });
    expect(screen.getByRole('button', { name: 'Period: Last 30 days' })).toBeTruthy();
  });

  it('opens the custom dialog on the last 7 days up to now', async () => {
    renderMenu(false);
    await openMenu();
    await openCustom();
    expect(screen.getByRole('dialog', { name: 'Custom period' })).toBeTruthy();
    expect(fieldText('From')).toBe('10/06/2026 14:30:00');
    expect(fieldText('To')).toBe('17/06/2026 14:30:00');
  });

  it('takes 24-hour times only, through the mask', async () => {
    renderMenu(false);
    await openMenu();
    await openCustom();
    retype('From', '10/06/2026 23:59:59');
    expect(fieldText('From')).toBe('10/06/2026 23:59:59');
    retype('From', '10/06/2026 24:00:00');
    expect(fieldText('From')).not.toContain(' 24');
  });

  it('refuses a future date with a message and keeps the dialog open', async () => {
    const onChange = renderMenu(false);
    await openMenu();
    await openCustom();
    retype('To', '18/06/2026 09:00:00');
    expect(fieldText('To')).toBe('18/06/2026 09:00:00');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Apply' })));
    expect(screen.getByRole('alert').textContent).toBe('A date in the future cannot be chosen.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('applies a custom range as period 6 with its from and to', async () => {
    const onChange = renderMenu(false);
    await openMenu();
    await openCustom();
    retype('From', '01/06/2026 00:00:00');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Apply' })));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({
      menuId: 6,
      timeType: 2,
      chartType: 3,
      from: new Date(2026, 5, 1).toISOString(),
      to: new Date(NOW).toISOString(),
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Period: 01/06/2026 00:00:00 – 17/06/2026 14:30:00' }),
    ).toBeTruthy();
  });

  it('cancels the custom dialog without changing the period', async () => {
    const onChange = renderMenu(false);
    await openMenu();
    await openCustom();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Period: Today' })).toBeTruthy();
  });
});
