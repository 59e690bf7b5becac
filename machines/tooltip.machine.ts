import { assign, setup } from 'xstate';

/**
 * The point a tooltip is about: which dataset, which of its points (or
 * slices, or bars), and where in the chart (px from its top left corner) the
 * tooltip goes.
 */
export interface TooltipTarget {
  datasetId: string;
  index: number;
  left: number;
  top: number;
}

export interface TooltipContext {
  /** The point shown, or waiting out the hover delay; kept while fading out. */
  target: TooltipTarget | null;
  /** The dataset whose line is drawn thick (a legend entry under the pointer). */
  hoverId: string | null;
  /** Set while the tooltip's context (weather) loads, cleared after. */
  weatherLoading: boolean;
  /** The hover preview delay in ms (settings.hoverTime); 0 turns the preview on hover off. */
  hoverTime: number;
}

export interface TooltipInput {
  hoverTime: number;
}

export type TooltipEvent =
  | { type: 'point.hover'; target: TooltipTarget }
  | { type: 'point.tap'; target: TooltipTarget }
  | { type: 'chart.scroll' }
  | { type: 'tooltip.close' }
  | { type: 'tooltip.faded' }
  | { type: 'legend.hover'; datasetId: string | null }
  | { type: 'chart.leave' }
  | { type: 'context.loading' }
  | { type: 'context.loaded' }
  | { type: 'hoverTime.set'; hoverTime: number };

/** How long the tooltip takes to fade out before it counts as exited (if no transition ends first). */
export const FADE_MS = 200;

/** Line widths (spec §9): 3, and 7 for the dataset under the pointer in the legend. */
export const LINE_WIDTH = 3;
export const HOVER_LINE_WIDTH = 7;

/** The width a dataset's line is drawn with while `hoverId` is the hovered dataset. */
export function lineWidthFor(datasetId: string, hoverId: string | null): number {
  return datasetId === hoverId ? HOVER_LINE_WIDTH : LINE_WIDTH;
}

/**
 * A chart's tooltip (spec §4): hidden → shown on a point hover (after the
 * user's hover preview delay; never when it is 0) or at once on a tap;
 * fading out on scroll or close, gone at zero opacity (exited), from where it
 * can show again. Leaving the chart hides it and resets the legend's hover id.
 */
export const tooltipMachine = setup({
  types: {
    context: {} as TooltipContext,
    events: {} as TooltipEvent,
    input: {} as TooltipInput,
  },
  actions: {
    setTarget: assign((_, params: { target: TooltipTarget }) => ({ target: params.target })),
    clearTarget: assign({ target: null }),
    setHoverId: assign((_, params: { datasetId: string | null }) => ({
      hoverId: params.datasetId,
    })),
    clearHoverId: assign({ hoverId: null }),
  },
  guards: {
    previewOn: ({ context }) => context.hoverTime > 0,
  },
  delays: {
    hoverDelay: ({ context }) => context.hoverTime,
    fadeMs: FADE_MS,
  },
}).createMachine({
  id: 'tooltip',
  context: ({ input }) => ({
    target: null,
    hoverId: null,
    weatherLoading: false,
    hoverTime: input.hoverTime,
  }),
  initial: 'hidden',
  on: {
    'point.tap': {
      target: '.shown',
      actions: { type: 'setTarget', params: ({ event }) => ({ target: event.target }) },
    },
    'legend.hover': {
      actions: { type: 'setHoverId', params: ({ event }) => ({ datasetId: event.datasetId }) },
    },
    'context.loading': { actions: assign({ weatherLoading: true }) },
    'context.loaded': { actions: assign({ weatherLoading: false }) },
    'hoverTime.set': { actions: assign(({ event }) => ({ hoverTime: event.hoverTime })) },
  },
  states: {
    hidden: {
      on: {
        'point.hover': {
          guard: 'previewOn',
          target: 'pending',
          actions: { type: 'setTarget', params: ({ event }) => ({ target: event.target }) },
        },
        'chart.leave': { actions: 'clearHoverId' },
      },
    },
    // The hover preview delay: the pointer may move on meanwhile, the point follows it.
    pending: {
      after: { hoverDelay: { target: 'shown' } },
      on: {
        'point.hover': {
          actions: { type: 'setTarget', params: ({ event }) => ({ target: event.target }) },
        },
        'chart.scroll': { target: 'hidden', actions: 'clearTarget' },
        'tooltip.close': { target: 'hidden', actions: 'clearTarget' },
        'chart.leave': { target: 'hidden', actions: ['clearTarget', 'clearHoverId'] },
      },
    },
    shown: {
      on: {
        'point.hover': {
          actions: { type: 'setTarget', params: ({ event }) => ({ target: event.target }) },
        },
        'chart.scroll': { target: 'hiding' },
        'tooltip.close': { target: 'hiding' },
        'tooltip.faded': { target: 'exited' },
        'chart.leave': { target: 'hiding', actions: 'clearHoverId' },
      },
    },
    // Fading out: gone when the opacity reaches zero, or after the fade at the latest.
    hiding: {
      after: { fadeMs: { target: 'exited' } },
      on: {
        'tooltip.faded': { target: 'exited' },
        'point.hover': {
          guard: 'previewOn',
          target: 'shown',
          actions: { type: 'setTarget', params: ({ event }) => ({ target: event.target }) },
        },
        'chart.leave': { actions: 'clearHoverId' },
      },
    },
    exited: {
      entry: 'clearTarget',
      on: {
        'point.hover': {
          guard: 'previewOn',
          target: 'pending',
          actions: { type: 'setTarget', params: ({ event }) => ({ target: event.target }) },
        },
        'chart.leave': { actions: 'clearHoverId' },
      },
    },
  },
});
