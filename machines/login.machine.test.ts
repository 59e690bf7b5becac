import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type {
  LoginCredentials,
  LoginInput,
  LoginSession,
  LoginUser,
  SaveSessionParams,
  SignedInParams,
} from './login.machine.ts';
import { loginMachine } from './login.machine.ts';

const session: LoginSession = { token: 'tok-1', expires: '2030-01-01T00:00:00.000Z' };
const alice: LoginUser = { uuid: 'u-1', email: 'alice@example.com' };

interface Fakes {
  signIn?: (credentials: LoginCredentials) => Promise<LoginSession>;
  fetchUser?: () => Promise<LoginUser | null>;
}

function start(fakes: Fakes = {}, input: LoginInput = {}) {
  const calls = {
    signIn: vi.fn(fakes.signIn ?? (async () => session)),
    fetchUser: vi.fn(fakes.fetchUser ?? (async () => alice)),
    saveSession: vi.fn<(params: SaveSessionParams) => void>(),
    removeSession: vi.fn<() => void>(),
    signedIn: vi.fn<(params: SignedInParams) => void>(),
  };
  const machine = loginMachine.provide({
    actors: {
      signIn: fromPromise<LoginSession, LoginCredentials>(({ input }) => calls.signIn(input)),
      fetchUser: fromPromise<LoginUser | null>(() => calls.fetchUser()),
    },
    actions: {
      saveSession: (_, params) => calls.saveSession(params),
      removeSession: () => calls.removeSession(),
      signedIn: (_, params) => calls.signedIn(params),
    },
  });
  const actor = createActor(machine, { clock: new SimulatedClock(), input });
  actor.start();
  return { actor, calls };
}

function fillIn(actor: ReturnType<typeof start>['actor'], username: string, password: string) {
  actor.send({ type: 'login.change', field: 'username', value: username });
  actor.send({ type: 'login.change', field: 'password', value: password });
}

/** A promise the test settles by hand, to look at the machine while an actor is pending. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('loginMachine', () => {
  it('starts idle with the username from input and nothing else', () => {
    const { actor } = start({}, { username: 'alice@example.com' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({
      username: 'alice@example.com',
      password: '',
      error: false,
      user: null,
    });
  });

  it('signs in, saves the session, loads the user and ends in success', async () => {
    const { actor, calls } = start();
    fillIn(actor, 'alice@example.com', 'correcthorse');
    actor.send({ type: 'login.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');

    const done = await waitFor(actor, (s) => s.status === 'done');

    expect(done.value).toBe('success');
    expect(calls.signIn).toHaveBeenCalledWith({
      username: 'alice@example.com',
      password: 'correcthorse',
    });
    expect(calls.saveSession).toHaveBeenCalledWith(session);
    expect(calls.fetchUser).toHaveBeenCalledOnce();
    expect(calls.saveSession.mock.invocationCallOrder[0]).toBeLessThan(
      calls.fetchUser.mock.invocationCallOrder[0] ?? 0,
    );
    expect(calls.signedIn).toHaveBeenCalledWith({ user: alice });
    expect(calls.removeSession).not.toHaveBeenCalled();
    expect(done.context.user).toEqual(alice);
    expect(done.context.password).toBe('');
    expect(done.context.error).toBe(false);
    expect(done.output).toEqual(alice);
  });

  it('removes the session and fails when no user comes back', async () => {
    const { actor, calls } = start({ fetchUser: async () => null });
    fillIn(actor, 'alice@example.com', 'correcthorse');
    actor.send({ type: 'login.submit' });

    const failed = await waitFor(actor, (s) => s.matches('failure'));

    expect(calls.saveSession).toHaveBeenCalledOnce();
    expect(calls.removeSession).toHaveBeenCalledOnce();
    expect(calls.signedIn).not.toHaveBeenCalled();
    expect(failed.context.error).toBe(true);
    expect(failed.context.user).toBeNull();
  });

  it('fails with the error flag when signIn rejects, keeping the fields', async () => {
    const { actor, calls } = start({
      signIn: async () => {
        throw Object.assign(new Error('Unauthorized'), { status: 401 });
      },
    });
    fillIn(actor, 'alice@example.com', 'wrong');
    actor.send({ type: 'login.submit' });

    const failed = await waitFor(actor, (s) => s.matches('failure'));

    expect(failed.context).toMatchObject({
      username: 'alice@example.com',
      password: 'wrong',
      error: true,
    });
    expect(calls.saveSession).not.toHaveBeenCalled();
    expect(calls.fetchUser).not.toHaveBeenCalled();
  });

  it('fails when fetchUser rejects', async () => {
    const { actor, calls } = start({
      fetchUser: async () => {
        throw new Error('network down');
      },
    });
    fillIn(actor, 'alice@example.com', 'correcthorse');
    actor.send({ type: 'login.submit' });

    const failed = await waitFor(actor, (s) => s.matches('failure'));

    expect(failed.context.error).toBe(true);
    expect(calls.signedIn).not.toHaveBeenCalled();
  });

  it('editing a field after a failure clears the error and goes back to idle', async () => {
    const { actor } = start({ signIn: () => Promise.reject(new Error('Unauthorized')) });
    fillIn(actor, 'alice@example.com', 'wrong');
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (s) => s.matches('failure'));

    actor.send({ type: 'login.change', field: 'password', value: 'correcthorse' });

    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ password: 'correcthorse', error: false });
  });

  it('submitting again from failure retries with the same fields', async () => {
    let attempts = 0;
    const { actor, calls } = start({
      signIn: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('flaky');
        return session;
      },
    });
    fillIn(actor, 'alice@example.com', 'correcthorse');
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (s) => s.matches('failure'));

    actor.send({ type: 'login.submit' });
    // The error flag goes away while the retry is in flight.
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.error).toBe(false);

    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.value).toBe('success');
    expect(calls.signIn).toHaveBeenCalledTimes(2);
  });

  it('ignores submit and edits while a sign-in is in flight', async () => {
    const pending = deferred<LoginSession>();
    const { actor, calls } = start({ signIn: () => pending.promise });
    fillIn(actor, 'alice@example.com', 'correcthorse');
    actor.send({ type: 'login.submit' });

    actor.send({ type: 'login.submit' });
    actor.send({ type: 'login.change', field: 'username', value: 'mallory' });

    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.username).toBe('alice@example.com');
    expect(calls.signIn).toHaveBeenCalledOnce();

    pending.resolve(session);
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.signIn).toHaveBeenCalledOnce();
  });

  it('fails rather than hangs when the console provides no services', async () => {
    const actor = createActor(loginMachine, { clock: new SimulatedClock(), input: {} });
    actor.start();
    actor.send({ type: 'login.submit' });

    const failed = await waitFor(actor, (s) => s.matches('failure'));
    expect(failed.context.error).toBe(true);
  });
});
