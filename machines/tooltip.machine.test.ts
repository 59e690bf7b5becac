import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  FADE_MS,
  HOVER_LINE_WIDTH,
  LINE_WIDTH,
  lineWidthFor,
  tooltipMachine,
  type TooltipTarget,
} from './tooltip.machine.ts';

function start(hoverTime = 1000) {
  const clock = new SimulatedClock();
  const actor = createActor(tooltipMachine, { clock, input: { hoverTime } });
  actor.start();
  const state = () => actor.getSnapshot().value;
  const context = () => actor.getSnapshot().context;
  return { actor, clock, state, context };
}

const point = (index: number, datasetId = 'a'): TooltipTarget => ({
  datasetId,
  index,
  left: index * 10,
  top: 5,
});

describe('tooltipMachine', () => {
  it('starts hidden, with no point, no hover id and no weather loading', () => {
    const { state, context } = start();
    expect(state()).toBe('hidden');
    expect(context()).toEqual({
      target: null,
      hoverId: null,
      weatherLoading: false,
      hoverTime: 1000,
    });
  });

  it('shows a hovered point after the hover preview delay, following the pointer meanwhile', () => {
    const { actor, clock, state, context } = start(500);
    actor.send({ type: 'point.hover', target: point(1) });
    expect(state()).toBe('pending');
    clock.increment(300);
    actor.send({ type: 'point.hover', target: point(2) });
    clock.increment(199);
    expect(state()).toBe('pending');
    clock.increment(1);
    expect(state()).toBe('shown');
    expect(context().target).toEqual(point(2));
    actor.send({ type: 'point.hover', target: point(3) });
    expect(context().target).toEqual(point(3));
  });

  it('never previews on hover when the delay is 0, but a tap still shows at once', () => {
    const { actor, clock, state, context } = start(0);
    actor.send({ type: 'point.hover', target: point(1) });
    clock.increment(5000);
    expect(state()).toBe('hidden');
    actor.send({ type: 'point.tap', target: point(4) });
    expect(state()).toBe('shown');
    expect(context().target).toEqual(point(4));
  });

  it('shows a tapped point at once, whatever the delay', () => {
    const { actor, state } = start(3000);
    actor.send({ type: 'point.tap', target: point(1) });
    expect(state()).toBe('shown');
  });

  it.each(['chart.scroll', 'tooltip.close'] as const)(
    'fades out on %s and exits at zero opacity, then can show again',
    (type) => {
      const { actor, clock, state, context } = start(300);
      actor.send({ type: 'point.tap', target: point(1) });
      actor.send({ type });
      expect(state()).toBe('hiding');
      // The point stays while it fades, so the tooltip keeps its text.
      expect(context().target).toEqual(point(1));
      actor.send({ type: 'tooltip.faded' });
      expect(state()).toBe('exited');
      expect(context().target).toBeNull();
      actor.send({ type: 'point.hover', target: point(2) });
      clock.increment(300);
      expect(state()).toBe('shown');
    },
  );

  it('counts as exited after the fade even when no transition reports zero opacity', () => {
    const { actor, clock, state } = start();
    actor.send({ type: 'point.tap', target: point(1) });
    actor.send({ type: 'tooltip.close' });
    clock.increment(FADE_MS - 1);
    expect(state()).toBe('hiding');
    clock.increment(1);
    expect(state()).toBe('exited');
  });

  it('exits straight away when its opacity reaches zero while shown', () => {
    const { actor, state } = start();
    actor.send({ type: 'point.tap', target: point(1) });
    actor.send({ type: 'tooltip.faded' });
    expect(state()).toBe('exited');
  });

  it('drops a pending hover on scroll, so nothing shows later', () => {
    const { actor, clock, state } = start(1000);
    actor.send({ type: 'point.hover', target: point(1) });
    actor.send({ type: 'chart.scroll' });
    clock.increment(2000);
    expect(state()).toBe('hidden');
  });

  it('thickens the line of the dataset hovered in the legend; leaving the chart resets it and hides', () => {
    const { actor, clock, state, context } = start();
    actor.send({ type: 'legend.hover', datasetId: 'b' });
    expect(context().hoverId).toBe('b');
    expect(lineWidthFor('b', context().hoverId)).toBe(HOVER_LINE_WIDTH);
    expect(lineWidthFor('a', context().hoverId)).toBe(LINE_WIDTH);
    expect([LINE_WIDTH, HOVER_LINE_WIDTH]).toEqual([3, 7]);
    actor.send({ type: 'point.tap', target: point(1) });
    actor.send({ type: 'chart.leave' });
    expect(context().hoverId).toBeNull();
    expect(state()).toBe('hiding');
    clock.increment(FADE_MS);
    expect(state()).toBe('exited');

    actor.send({ type: 'legend.hover', datasetId: 'a' });
    actor.send({ type: 'point.hover', target: point(1) });
    actor.send({ type: 'chart.leave' });
    expect(state()).toBe('hidden');
    expect(context()).toMatchObject({ hoverId: null, target: null });
  });

  it('keeps a weather loading flag while the context loads', () => {
    const { actor, context } = start();
    actor.send({ type: 'context.loading' });
    expect(context().weatherLoading).toBe(true);
    actor.send({ type: 'context.loaded' });
    expect(context().weatherLoading).toBe(false);
  });

  it('takes a new hover delay from the settings', () => {
    const { actor, clock, state } = start(0);
    actor.send({ type: 'hoverTime.set', hoverTime: 300 });
    actor.send({ type: 'point.hover', target: point(1) });
    clock.increment(300);
    expect(state()).toBe('shown');
  });
});
