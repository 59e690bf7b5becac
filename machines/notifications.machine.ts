import { assign, setup } from 'xstate';

export type NoticeSeverity = 'success' | 'info' | 'warning' | 'error';

export interface Notice {
  id: number;
  message: string;
  severity: NoticeSeverity;
}

export interface NotificationsContext {
  /** The notice on screen; null when idle and during the gap between two notices. */
  current: Notice | null;
  /** Waiting notices, the next one first. */
  queue: Notice[];
  /** The id the next pushed notice gets; a counter, so ids are predictable in tests. */
  nextId: number;
}

export type NotificationsEvent =
  | { type: 'notify.push'; message: string; severity: NoticeSeverity }
  // `id` lets a snackbar close only itself: a late close from a notice already replaced is ignored.
  | { type: 'notify.close'; id?: number };

/** Params of the `enqueueFirst` / `enqueueLast` / `show` actions. */
export interface PushParams {
  message: string;
  severity: NoticeSeverity;
}

/** From the spec: each notice shows for 3000 ms, with 500 ms of nothing between two. */
export const DISPLAY_MS = 3000;
export const GAP_MS = 500;

const noticeFrom = (context: NotificationsContext, params: PushParams): Notice => ({
  id: context.nextId,
  message: params.message,
  severity: params.severity,
});

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actions: {
    show: assign(({ context }, params: PushParams) => ({
      current: noticeFrom(context, params),
      nextId: context.nextId + 1,
    })),
    // A new notice pre-empts the one on screen, so it also jumps ahead of those waiting.
    enqueueFirst: assign(({ context }, params: PushParams) => ({
      queue: [noticeFrom(context, params), ...context.queue],
      nextId: context.nextId + 1,
    })),
    enqueueLast: assign(({ context }, params: PushParams) => ({
      queue: [...context.queue, noticeFrom(context, params)],
      nextId: context.nextId + 1,
    })),
    showNext: assign(({ context }) => {
      const [next = null, ...rest] = context.queue;
      return { current: next, queue: rest };
    }),
    hide: assign({ current: null }),
  },
  guards: {
    hasQueued: ({ context }) => context.queue.length > 0,
    isCurrent: ({ context }, params: { id: number | undefined }) =>
      params.id === undefined || params.id === context.current?.id,
  },
  delays: {
    displayMs: DISPLAY_MS,
    gapMs: GAP_MS,
  },
}).createMachine({
  id: 'notifications',
  context: { current: null, queue: [], nextId: 1 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'notify.push': {
          target: 'showing',
          actions: {
            type: 'show',
            params: ({ event }) => ({ message: event.message, severity: event.severity }),
          },
        },
      },
    },
    showing: {
      after: {
        displayMs: { target: 'gap' },
      },
      on: {
        'notify.push': {
          target: 'gap',
          actions: {
            type: 'enqueueFirst',
            params: ({ event }) => ({ message: event.message, severity: event.severity }),
          },
        },
        'notify.close': {
          guard: { type: 'isCurrent', params: ({ event }) => ({ id: event.id }) },
          target: 'gap',
        },
      },
    },
    gap: {
      entry: 'hide',
      after: {
        gapMs: [{ guard: 'hasQueued', target: 'showing', actions: 'showNext' }, { target: 'idle' }],
      },
      on: {
        'notify.push': {
          actions: {
            type: 'enqueueLast',
            params: ({ event }) => ({ message: event.message, severity: event.severity }),
          },
        },
      },
    },
  },
});
