import { assign, emit, setup } from 'xstate';
import type { GraphPeriod } from '../contracts/dashboard.ts';
import {
  CUSTOM_MENU_ID,
  customPeriod,
  isOffered,
  periodChoice,
  type PeriodChoice,
} from './periods.ts';

export type CustomField = 'from' | 'to';

/** The custom dialog's from and to in epoch ms; null while a field holds no whole date. */
export type CustomDraft = Record<CustomField, number | null>;

/** Why a custom range was refused: a field empty, a date after now, or from after to (on `to`). */
export type CustomProblem = 'required' | 'future' | 'order';
export type CustomProblems = Partial<Record<CustomField, CustomProblem>>;

export interface PeriodMenuContext {
  /** The selected period. */
  value: GraphPeriod;
  /** The user's live data setting: the live periods (7 to 12) are offered only with it on. */
  liveData: boolean;
  /** The clock future dates are refused by and the default custom range ends at. */
  now: () => number;
  /** The custom range being edited, while the custom dialog is open. */
  draft: CustomDraft;
  /** What is wrong with the draft: a future date as soon as typed, the rest on `custom.apply`. */
  problems: CustomProblems;
}

export interface PeriodMenuInput {
  now: () => number;
  liveData: boolean;
  value: GraphPeriod;
}

export type PeriodMenuEvent =
  | { type: 'period.open' }
  | { type: 'period.close' }
  | { type: 'period.select'; menuId: number }
  // The selected period changed outside the menu (the page's own value); nothing is reported back.
  | { type: 'period.set'; value: GraphPeriod }
  | { type: 'liveData.set'; liveData: boolean }
  | { type: 'custom.change'; field: CustomField; value: number | null }
  | { type: 'custom.apply' }
  | { type: 'custom.cancel' };

/** Params of the `periodSelected` action. */
export interface PeriodSelectedParams {
  value: GraphPeriod;
}

/** What the menu tells whoever listens (`actor.on('period.selected', …)`): the period the user chose. */
export type PeriodMenuEmitted = { type: 'period.selected'; value: GraphPeriod };

const DAY_MS = 86_400_000;
/** Spec §5: the custom range starts as the last 7 days up to now. */
export const DEFAULT_CUSTOM_MS = 7 * DAY_MS;

export type CustomRangeCheck =
  { range: { from: number; to: number } } | { problems: CustomProblems };

/** A custom range checked (spec §5): both dates given, neither after `now`, from not after to. */
export function checkCustomRange(draft: CustomDraft, now: number): CustomRangeCheck {
  const { from, to } = draft;
  const problems: CustomProblems = {};
  if (from === null) problems.from = 'required';
  else if (from > now) problems.from = 'future';
  if (to === null) problems.to = 'required';
  else if (to > now) problems.to = 'future';
  if (from === null || to === null || problems.from || problems.to) return { problems };
  return from > to ? { problems: { to: 'order' } } : { range: { from, to } };
}

/** The range the custom dialog opens on: the custom period's own, else the last 7 days. */
function startingDraft(value: GraphPeriod, now: number): CustomDraft {
  if (value.menuId === CUSTOM_MENU_ID && value.from && value.to)
    return { from: Date.parse(value.from), to: Date.parse(value.to) };
  return { from: now - DEFAULT_CUSTOM_MS, to: now };
}

/** A chosen period keeps the chart kind and flags; from and to belong to the custom one only. */
function chosen(value: GraphPeriod, choice: PeriodChoice): GraphPeriod {
  const { from: _from, to: _to, ...kept } = value;
  return { ...kept, menuId: choice.menuId, timeType: choice.timeType };
}

const emptyDraft: CustomDraft = { from: null, to: null };

/**
 * The period menu (spec §4): closed or open; choosing a period in the open
 * menu selects it and closes, choosing custom opens the custom date dialog,
 * which applies a checked range or cancels back to the period before.
 */
export const periodMenuMachine = setup({
  types: {
    context: {} as PeriodMenuContext,
    events: {} as PeriodMenuEvent,
    input: {} as PeriodMenuInput,
    emitted: {} as PeriodMenuEmitted,
  },
  actions: {
    // The page's hook on every period the user selects (not on `period.set`): emitted, so a
    // component listens with its latest callback; a test may provide its own.
    periodSelected: emit((_, params: PeriodSelectedParams) => ({
      type: 'period.selected' as const,
      value: params.value,
    })),
    select: assign(({ context }, params: { menuId: number }) => {
      const choice = periodChoice(params.menuId);
      return choice ? { value: chosen(context.value, choice) } : {};
    }),
    startCustom: assign(({ context }) => ({
      draft: startingDraft(context.value, context.now()),
      problems: {},
    })),
    changeDraft: assign(({ context }, params: { field: CustomField; value: number | null }) => {
      // A date after now is refused as soon as it is whole; the rest waits for apply.
      const problems: CustomProblems = {};
      if (params.value !== null && params.value > context.now()) problems[params.field] = 'future';
      return { draft: { ...context.draft, [params.field]: params.value }, problems };
    }),
    refuseCustom: assign(({ context }) => {
      const checked = checkCustomRange(context.draft, context.now());
      return { problems: 'problems' in checked ? checked.problems : {} };
    }),
    applyCustom: assign(({ context }) => {
      const checked = checkCustomRange(context.draft, context.now());
      if (!('range' in checked)) return {};
      return {
        value: {
          ...chosen(context.value, customPeriod),
          from: new Date(checked.range.from).toISOString(),
          to: new Date(checked.range.to).toISOString(),
        },
      };
    }),
    clearCustom: assign({ draft: emptyDraft, problems: {} }),
    setValue: assign((_, params: { value: GraphPeriod }) => ({ value: params.value })),
    setLiveData: assign((_, params: { liveData: boolean }) => ({ liveData: params.liveData })),
  },
  guards: {
    isCustom: (_, params: { menuId: number }) => params.menuId === CUSTOM_MENU_ID,
    isOffered: ({ context }, params: { menuId: number }) => {
      const choice = periodChoice(params.menuId);
      return choice !== undefined && isOffered(choice, context.liveData);
    },
    customRangeValid: ({ context }) => 'range' in checkCustomRange(context.draft, context.now()),
  },
}).createMachine({
  id: 'periodMenu',
  context: ({ input }) => ({
    value: input.value,
    liveData: input.liveData,
    now: input.now,
    draft: emptyDraft,
    problems: {},
  }),
  initial: 'closed',
  on: {
    'period.set': {
      actions: { type: 'setValue', params: ({ event }) => ({ value: event.value }) },
    },
    'liveData.set': {
      actions: { type: 'setLiveData', params: ({ event }) => ({ liveData: event.liveData }) },
    },
  },
  states: {
    closed: {
      entry: 'clearCustom',
      on: { 'period.open': { target: 'open' } },
    },
    open: {
      on: {
        'period.close': { target: 'closed' },
        'period.select': [
          {
            guard: { type: 'isCustom', params: ({ event }) => ({ menuId: event.menuId }) },
            target: 'customDialog',
          },
          {
            // A live period with live data off, or an id not in the menu, is refused: the menu stays open.
            guard: { type: 'isOffered', params: ({ event }) => ({ menuId: event.menuId }) },
            target: 'closed',
            actions: [
              { type: 'select', params: ({ event }) => ({ menuId: event.menuId }) },
              { type: 'periodSelected', params: ({ context }) => ({ value: context.value }) },
            ],
          },
        ],
      },
    },
    customDialog: {
      entry: 'startCustom',
      on: {
        'custom.change': {
          actions: {
            type: 'changeDraft',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'custom.apply': [
          {
            guard: 'customRangeValid',
            target: 'closed',
            actions: [
              'applyCustom',
              { type: 'periodSelected', params: ({ context }) => ({ value: context.value }) },
            ],
          },
          { actions: 'refuseCustom' },
        ],
        'custom.cancel': { target: 'closed' },
      },
    },
  },
});
