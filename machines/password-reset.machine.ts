import { assign, fromPromise, setup } from 'xstate';
import type { PasswordError } from './password-rules.ts';
import { validatePassword } from './password-rules.ts';

/** `reset` comes from a forgot-password mail, `confirm` from a new account's mail. */
export type LinkMode = 'reset' | 'confirm';
export type ResetMode = 'request' | LinkMode;

export type PasswordResetInput = { mode: 'request' } | { mode: LinkMode; token: string };

/** Keys for the UI's messages; the machine holds no text. */
export type ResetError = PasswordError | 'emailInvalid' | 'emailNotFound' | 'userGone' | 'network';

export type ResetField = 'email' | 'password' | 'confirmation';

export interface PasswordResetContext {
  mode: ResetMode;
  /** The token from the mailed link; null in request mode. */
  token: string | null;
  email: string;
  password: string;
  confirmation: string;
  error: ResetError | null;
}

export type PasswordResetEvent =
  | { type: 'reset.submit' }
  | { type: 'reset.change'; field: ResetField; value: string }
  | { type: 'reset.goToLogin' };

export interface RequestResetInput {
  email: string;
}

export interface SavePasswordInput {
  token: string;
  password: string;
  mode: LinkMode;
}

export interface SetFieldParams {
  field: ResetField;
  value: string;
}

// The real services live in the console; without them a submit fails instead of hanging.
const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

/** The services reject with the HTTP status on the error; anything else counts as a network error. */
/** Something that can be an e-mail address: the server checks it exactly. */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value.trim());

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  return typeof error.status === 'number' ? error.status : undefined;
}

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as PasswordResetInput,
  },
  actors: {
    requestReset: fromPromise<unknown, RequestResetInput>(notProvided('requestReset')),
    savePassword: fromPromise<unknown, SavePasswordInput>(notProvided('savePassword')),
  },
  actions: {
    goToLogin: () => {},
    setField: assign((_, params: SetFieldParams) => ({
      [params.field]: params.value,
      error: null,
    })),
    setPasswordError: assign(({ context }) => ({
      error: validatePassword(context.password, context.confirmation),
    })),
    setError: assign((_, params: { error: ResetError }) => ({ error: params.error })),
    clearError: assign({ error: null }),
    // Once saved, the new password has no use; do not keep it in a live snapshot.
    forgetPasswords: assign({ password: '', confirmation: '' }),
  },
  guards: {
    isRequestMode: ({ context }) => context.mode === 'request',
    isPasswordValid: ({ context }) =>
      validatePassword(context.password, context.confirmation) === null,
    isEmailValid: ({ context }) => looksLikeEmail(context.email),
    isNotFound: (_, params: { error: unknown }) => statusOf(params.error) === 404,
    isBadRequest: (_, params: { error: unknown }) => statusOf(params.error) === 400,
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({
    mode: input.mode,
    token: input.mode === 'request' ? null : input.token,
    email: '',
    password: '',
    confirmation: '',
    error: null,
  }),
  // `initial` cannot depend on input, so a transient state picks the screen at once.
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'isRequestMode', target: 'request' }, { target: 'setPassword' }],
    },
    request: {
      on: {
        'reset.change': {
          actions: {
            type: 'setField',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'reset.submit': [
          { guard: 'isEmailValid', target: 'sending' },
          { actions: { type: 'setError', params: { error: 'emailInvalid' } } },
        ],
      },
    },
    sending: {
      entry: 'clearError',
      invoke: {
        src: 'requestReset',
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: 'sent' },
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'request',
            actions: { type: 'setError', params: { error: 'emailNotFound' } },
          },
          {
            guard: { type: 'isBadRequest', params: ({ event }) => ({ error: event.error }) },
            target: 'request',
            actions: { type: 'setError', params: { error: 'emailInvalid' } },
          },
          {
            target: 'request',
            actions: { type: 'setError', params: { error: 'network' } },
          },
        ],
      },
    },
    sent: {
      type: 'final',
    },
    setPassword: {
      on: {
        'reset.change': {
          actions: {
            type: 'setField',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'reset.submit': [
          { guard: 'isPasswordValid', target: 'saving' },
          { actions: 'setPasswordError' },
        ],
      },
    },
    saving: {
      entry: 'clearError',
      invoke: {
        src: 'savePassword',
        input: ({ context }) => ({
          // Only reachable in reset or confirm mode, where the input carried a token.
          token: context.token ?? '',
          password: context.password,
          mode: context.mode === 'confirm' ? 'confirm' : 'reset',
        }),
        onDone: { target: 'success' },
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'setPassword',
            actions: { type: 'setError', params: { error: 'userGone' } },
          },
          {
            target: 'setPassword',
            actions: { type: 'setError', params: { error: 'network' } },
          },
        ],
      },
    },
    success: {
      entry: 'forgetPasswords',
      on: {
        'reset.goToLogin': { target: 'done' },
      },
    },
    done: {
      type: 'final',
      entry: 'goToLogin',
    },
  },
});
