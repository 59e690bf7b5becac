import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { GraphPeriod } from '../contracts/dashboard.ts';
import {
  checkCustomRange,
  periodMenuMachine,
  type PeriodSelectedParams,
} from './period-menu.machine.ts';

const NOW = Date.parse('2026-03-12T10:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

const today: GraphPeriod = { menuId: 0, timeType: 1, chartType: 3 };

function start({ liveData = false, value = today } = {}) {
  const clock = new SimulatedClock();
  clock.set(NOW);
  const periodSelected = vi.fn<(params: PeriodSelectedParams) => void>();
  const machine = periodMenuMachine.provide({
    actions: { periodSelected: (_, params) => periodSelected(params) },
  });
  const actor = createActor(machine, {
    input: { now: () => clock.now(), liveData, value },
  });
  actor.start();
  const state = () => actor.getSnapshot().value;
  const context = () => actor.getSnapshot().context;
  const choose = (menuId: number) => {
    actor.send({ type: 'period.open' });
    actor.send({ type: 'period.select', menuId });
  };
  return { actor, clock, state, context, choose, periodSelected };
}

describe('periodMenuMachine', () => {
  it('starts closed on the given period, with no custom range', () => {
    const { state, context } = start();
    expect(state()).toBe('closed');
    expect(context()).toMatchObject({
      value: today,
      liveData: false,
      draft: { from: null, to: null },
      problems: {},
    });
  });

  it('opens and closes without changing the period', () => {
    const { actor, state, context, periodSelected } = start();
    actor.send({ type: 'period.open' });
    expect(state()).toBe('open');
    actor.send({ type: 'period.close' });
    expect(state()).toBe('closed');
    expect(context().value).toEqual(today);
    expect(periodSelected).not.toHaveBeenCalled();
  });

  it('selects nothing while closed', () => {
    const { actor, state, context } = start();
    actor.send({ type: 'period.select', menuId: 3 });
    expect(state()).toBe('closed');
    expect(context().value).toEqual(today);
  });

  it.each([
    [0, 1],
    [1, 1],
    [2, 2],
    [3, 2],
    [4, 2],
    [5, 2],
  ])('selects menu id %i with timeType %i, closes and tells the page', (menuId, timeType) => {
    const { state, context, choose, periodSelected } = start({
      value: { menuId: 6, timeType: 2, chartType: 2, from: iso(NOW - DAY), to: iso(NOW) },
    });
    choose(menuId);
    expect(state()).toBe('closed');
    // The chart kind stays; from and to went with the custom period.
    const value = { menuId, timeType, chartType: 2 };
    expect(context().value).toEqual(value);
    expect(periodSelected).toHaveBeenCalledExactlyOnceWith({ value });
  });

  it.each([7, 8, 9, 10, 11, 12])(
    'refuses live period %i with live data off and stays open',
    (menuId) => {
      const { state, context, choose, periodSelected } = start();
      choose(menuId);
      expect(state()).toBe('open');
      expect(context().value).toEqual(today);
      expect(periodSelected).not.toHaveBeenCalled();
    },
  );

  it('offers the live periods after live data is turned on, minute ones minutely', () => {
    const { actor, context, choose } = start();
    actor.send({ type: 'liveData.set', liveData: true });
    expect(context().liveData).toBe(true);
    for (const menuId of [7, 8, 9, 10, 11]) {
      choose(menuId);
      expect(context().value).toMatchObject({ menuId, timeType: 0 });
    }
  });

  it('reads option 12 as the last 6 hours, shown hourly', () => {
    const { state, context, choose } = start({ liveData: true });
    choose(12);
    expect(state()).toBe('closed');
    expect(context().value).toMatchObject({ menuId: 12, timeType: 1 });
  });

  it('refuses the live periods again once live data is turned off', () => {
    const { actor, state, choose } = start({ liveData: true });
    actor.send({ type: 'liveData.set', liveData: false });
    choose(7);
    expect(state()).toBe('open');
  });

  it('refuses a menu id the menu does not have', () => {
    const { state, context, choose } = start({ liveData: true });
    choose(13);
    expect(state()).toBe('open');
    expect(context().value).toEqual(today);
  });

  it('takes a period set from outside without telling the page', () => {
    const { actor, context, periodSelected } = start();
    const week: GraphPeriod = { menuId: 2, timeType: 2, chartType: 3 };
    actor.send({ type: 'period.set', value: week });
    expect(context().value).toEqual(week);
    expect(periodSelected).not.toHaveBeenCalled();
  });

  it('emits each selection for whoever listens, when no hook is provided', () => {
    const actor = createActor(periodMenuMachine, {
      input: { now: () => NOW, liveData: false, value: today },
    });
    const heard: GraphPeriod[] = [];
    actor.on('period.selected', (event) => heard.push(event.value));
    actor.start();
    actor.send({ type: 'period.set', value: { menuId: 1, timeType: 1, chartType: 3 } });
    actor.send({ type: 'period.open' });
    actor.send({ type: 'period.select', menuId: 4 });
    expect(heard).toEqual([{ menuId: 4, timeType: 2, chartType: 3 }]);
  });

  describe('custom period', () => {
    it('opens the dialog on the last 7 days up to now by the given clock', () => {
      const { state, context, choose, periodSelected } = start();
      choose(6);
      expect(state()).toBe('customDialog');
      expect(context().draft).toEqual({ from: NOW - 7 * DAY, to: NOW });
      expect(periodSelected).not.toHaveBeenCalled();
    });

    it('follows the clock: opened later, the default range ends later', () => {
      const { clock, context, choose } = start();
      clock.increment(HOUR);
      choose(6);
      expect(context().draft).toEqual({ from: NOW + HOUR - 7 * DAY, to: NOW + HOUR });
    });

    it('opens on the custom period already selected', () => {
      const from = iso(NOW - 3 * DAY);
      const to = iso(NOW - DAY);
      const { context, choose } = start({
        value: { menuId: 6, timeType: 2, chartType: 3, from, to },
      });
      choose(6);
      expect(context().draft).toEqual({ from: NOW - 3 * DAY, to: NOW - DAY });
    });

    it('applies a checked range: selects it as menu id 6, timeType 2, ISO from and to', () => {
      const { actor, state, context, choose, periodSelected } = start();
      choose(6);
      actor.send({ type: 'custom.change', field: 'from', value: NOW - 2 * DAY });
      actor.send({ type: 'custom.apply' });
      expect(state()).toBe('closed');
      const value = {
        menuId: 6,
        timeType: 2,
        chartType: 3,
        from: iso(NOW - 2 * DAY),
        to: iso(NOW),
      };
      expect(context().value).toEqual(value);
      expect(periodSelected).toHaveBeenCalledExactlyOnceWith({ value });
      expect(context().draft).toEqual({ from: null, to: null });
    });

    it('refuses a range without from or to, naming the empty fields', () => {
      const { actor, state, context, choose, periodSelected } = start();
      choose(6);
      actor.send({ type: 'custom.change', field: 'from', value: null });
      actor.send({ type: 'custom.change', field: 'to', value: null });
      actor.send({ type: 'custom.apply' });
      expect(state()).toBe('customDialog');
      expect(context().problems).toEqual({ from: 'required', to: 'required' });
      expect(periodSelected).not.toHaveBeenCalled();
    });

    it('refuses dates in the future as soon as typed and on apply', () => {
      const { actor, state, context, choose, periodSelected } = start();
      choose(6);
      actor.send({ type: 'custom.change', field: 'to', value: NOW + 1000 });
      expect(context().problems).toEqual({ to: 'future' });
      actor.send({ type: 'custom.apply' });
      expect(state()).toBe('customDialog');
      expect(context().problems).toEqual({ to: 'future' });

      actor.send({ type: 'custom.change', field: 'to', value: NOW });
      expect(context().problems).toEqual({});
      actor.send({ type: 'custom.change', field: 'from', value: NOW + DAY });
      actor.send({ type: 'custom.apply' });
      expect(state()).toBe('customDialog');
      expect(context().problems).toEqual({ from: 'future' });
      expect(periodSelected).not.toHaveBeenCalled();
    });

    it('clears a refusal when a field changes', () => {
      const { actor, context, choose } = start();
      choose(6);
      actor.send({ type: 'custom.change', field: 'from', value: null });
      actor.send({ type: 'custom.apply' });
      expect(context().problems).toEqual({ from: 'required' });
      actor.send({ type: 'custom.change', field: 'from', value: NOW - DAY });
      expect(context().problems).toEqual({});
    });

    it('accepts a time that was future when typed once the clock has passed it', () => {
      const { actor, clock, state, context, choose } = start();
      choose(6);
      actor.send({ type: 'custom.change', field: 'to', value: NOW + 5000 });
      actor.send({ type: 'custom.apply' });
      expect(state()).toBe('customDialog');
      clock.increment(5000);
      actor.send({ type: 'custom.apply' });
      expect(state()).toBe('closed');
      expect(context().value.to).toBe(iso(NOW + 5000));
    });

    it('refuses from after to, on the to field; from equal to to is accepted', () => {
      const { actor, state, context, choose } = start();
      choose(6);
      actor.send({ type: 'custom.change', field: 'from', value: NOW - DAY });
      actor.send({ type: 'custom.change', field: 'to', value: NOW - 2 * DAY });
      actor.send({ type: 'custom.apply' });
      expect(state()).toBe('customDialog');
      expect(context().problems).toEqual({ to: 'order' });

      actor.send({ type: 'custom.change', field: 'to', value: NOW - DAY });
      actor.send({ type: 'custom.apply' });
      expect(state()).toBe('closed');
    });

    it('cancels back to closed, keeping the period before', () => {
      const { actor, state, context, choose, periodSelected } = start();
      choose(6);
      actor.send({ type: 'custom.change', field: 'from', value: NOW - DAY });
      actor.send({ type: 'custom.cancel' });
      expect(state()).toBe('closed');
      expect(context()).toMatchObject({ value: today, draft: { from: null, to: null } });
      expect(periodSelected).not.toHaveBeenCalled();
    });

    it('ignores the menu closing under the dialog', () => {
      const { actor, state, choose } = start();
      choose(6);
      actor.send({ type: 'period.close' });
      expect(state()).toBe('customDialog');
    });
  });
});

describe('checkCustomRange', () => {
  it('reports each field and the order only once both dates are fine', () => {
    expect(checkCustomRange({ from: null, to: NOW + 1 }, NOW)).toEqual({
      problems: { from: 'required', to: 'future' },
    });
    expect(checkCustomRange({ from: NOW, to: NOW - 1 }, NOW)).toEqual({
      problems: { to: 'order' },
    });
    expect(checkCustomRange({ from: NOW - 1, to: NOW }, NOW)).toEqual({
      range: { from: NOW - 1, to: NOW },
    });
  });
});
