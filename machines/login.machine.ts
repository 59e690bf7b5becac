import { assign, fromPromise, setup } from 'xstate';

/** Only the uuid is needed here; the rest of the user record passes through untouched. */
export interface LoginUser {
  uuid: string;
  [key: string]: unknown;
}

export interface LoginCredentials {
  username: string;
  password: string;
}

/** What `signIn` resolves with; `expires` is the server's timestamp, passed on as is. */
export interface LoginSession {
  token: string;
  expires: string;
}

export type LoginField = 'username' | 'password';

export interface LoginContext {
  username: string;
  password: string;
  error: boolean;
  user: LoginUser | null;
}

export interface LoginInput {
  username?: string;
}

export type LoginEvent =
  { type: 'login.submit' } | { type: 'login.change'; field: LoginField; value: string };

/** Params of the `saveSession` action. */
export type SaveSessionParams = LoginSession;

/** Params of the `signedIn` action. */
export interface SignedInParams {
  user: LoginUser;
}

/** Params of the `setField` action. */
export interface SetFieldParams {
  field: LoginField;
  value: string;
}

// The real services live in the console; without them a submit fails instead of hanging.
const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));

// Only called behind the `isUser` guard; xstate cannot narrow `event.output` through a guard.
function requireUser(user: LoginUser | null): LoginUser {
  if (user === null) throw new Error('fetchUser resolved without a user');
  return user;
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    output: {} as LoginUser | null,
  },
  actors: {
    signIn: fromPromise<LoginSession, LoginCredentials>(notProvided('signIn')),
    fetchUser: fromPromise<LoginUser | null>(notProvided('fetchUser')),
  },
  actions: {
    saveSession: (_, _params: SaveSessionParams) => {},
    removeSession: () => {},
    signedIn: (_, _params: SignedInParams) => {},
    setField: assign((_, params: SetFieldParams) =>
      params.field === 'username'
        ? { username: params.value, error: false }
        : { password: params.value, error: false },
    ),
    clearError: assign({ error: false }),
    setError: assign({ error: true }),
    storeUser: assign((_, params: SignedInParams) => ({ user: params.user })),
    // The password has no use once signed in; do not keep it in a live snapshot.
    forgetPassword: assign({ password: '' }),
  },
  guards: {
    isUser: (_, params: { user: LoginUser | null }) => params.user !== null,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    username: input.username ?? '',
    password: '',
    error: false,
    user: null,
  }),
  initial: 'idle',
  output: ({ context }) => context.user,
  states: {
    idle: {
      on: {
        'login.change': {
          actions: {
            type: 'setField',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'login.submit': { target: 'submitting' },
      },
    },
    submitting: {
      entry: 'clearError',
      invoke: {
        src: 'signIn',
        input: ({ context }) => ({ username: context.username, password: context.password }),
        onDone: {
          target: 'loadingUser',
          actions: {
            type: 'saveSession',
            params: ({ event }) => ({ token: event.output.token, expires: event.output.expires }),
          },
        },
        onError: { target: 'failure', actions: 'setError' },
      },
    },
    loadingUser: {
      invoke: {
        src: 'fetchUser',
        onDone: [
          {
            guard: { type: 'isUser', params: ({ event }) => ({ user: event.output }) },
            target: 'success',
            actions: [
              { type: 'storeUser', params: ({ event }) => ({ user: requireUser(event.output) }) },
              { type: 'signedIn', params: ({ event }) => ({ user: requireUser(event.output) }) },
              'forgetPassword',
            ],
          },
          {
            // A session with no user behind it is useless, so the cookie goes too.
            target: 'failure',
            actions: ['removeSession', 'setError'],
          },
        ],
        onError: { target: 'failure', actions: 'setError' },
      },
    },
    failure: {
      on: {
        'login.change': {
          target: 'idle',
          actions: {
            type: 'setField',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'login.submit': { target: 'submitting' },
      },
    },
    success: {
      type: 'final',
    },
  },
});
