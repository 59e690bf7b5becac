import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type {
  PasswordResetInput,
  RequestResetInput,
  SavePasswordInput,
} from './password-reset.machine.ts';
import { passwordResetMachine } from './password-reset.machine.ts';

interface Fakes {
  requestReset?: (input: RequestResetInput) => Promise<unknown>;
  savePassword?: (input: SavePasswordInput) => Promise<unknown>;
}

function start(input: PasswordResetInput, fakes: Fakes = {}) {
  const calls = {
    requestReset: vi.fn(fakes.requestReset ?? (async () => {})),
    savePassword: vi.fn(fakes.savePassword ?? (async () => {})),
    goToLogin: vi.fn<() => void>(),
  };
  const machine = passwordResetMachine.provide({
    actors: {
      requestReset: fromPromise<unknown, RequestResetInput>(({ input }) =>
        calls.requestReset(input),
      ),
      savePassword: fromPromise<unknown, SavePasswordInput>(({ input }) =>
        calls.savePassword(input),
      ),
    },
    actions: { goToLogin: () => calls.goToLogin() },
  });
  const actor = createActor(machine, { clock: new SimulatedClock(), input });
  actor.start();
  return { actor, calls };
}

type Actor = ReturnType<typeof start>['actor'];

const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

function setPasswords(actor: Actor, password: string, confirmation: string) {
  actor.send({ type: 'reset.change', field: 'password', value: password });
  actor.send({ type: 'reset.change', field: 'confirmation', value: confirmation });
}

describe('passwordResetMachine, request mode', () => {
  it('starts on the email form', () => {
    const { actor } = start({ mode: 'request' });
    expect(actor.getSnapshot().value).toBe('request');
    expect(actor.getSnapshot().context).toEqual({
      mode: 'request',
      token: null,
      email: '',
      password: '',
      confirmation: '',
      error: null,
    });
  });

  it('sends the reset mail and ends in sent', async () => {
    const { actor, calls } = start({ mode: 'request' });
    actor.send({ type: 'reset.change', field: 'email', value: 'alice@example.com' });
    actor.send({ type: 'reset.submit' });
    expect(actor.getSnapshot().value).toBe('sending');

    const done = await waitFor(actor, (s) => s.status === 'done');

    expect(done.value).toBe('sent');
    expect(calls.requestReset).toHaveBeenCalledWith({ email: 'alice@example.com' });
  });

  it('reports an unknown email on 404 and lets the user edit it away', async () => {
    const { actor } = start(
      { mode: 'request' },
      { requestReset: () => Promise.reject(httpError(404)) },
    );
    actor.send({ type: 'reset.change', field: 'email', value: 'nobody@example.com' });
    actor.send({ type: 'reset.submit' });

    const back = await waitFor(actor, (s) => s.context.error !== null);
    expect(back.value).toBe('request');
    expect(back.context.error).toBe('emailNotFound');
    expect(back.context.email).toBe('nobody@example.com');

    actor.send({ type: 'reset.change', field: 'email', value: 'alice@example.com' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('asks for a valid e-mail before sending anything, and names a refused one as invalid', async () => {
    const { actor, calls } = start(
      { mode: 'request' },
      { requestReset: () => Promise.reject(httpError(400)) },
    );
    actor.send({ type: 'reset.submit' });
    expect(actor.getSnapshot().value).toBe('request');
    expect(actor.getSnapshot().context.error).toBe('emailInvalid');
    actor.send({ type: 'reset.change', field: 'email', value: 'not an address' });
    actor.send({ type: 'reset.submit' });
    expect(actor.getSnapshot().context.error).toBe('emailInvalid');
    expect(calls.requestReset).not.toHaveBeenCalled();

    actor.send({ type: 'reset.change', field: 'email', value: 'alice@example' });
    actor.send({ type: 'reset.submit' });
    const back = await waitFor(actor, (s) => s.context.error !== null);
    expect(calls.requestReset).toHaveBeenCalledWith({ email: 'alice@example' });
    expect(back.context.error).toBe('emailInvalid');
  });

  it('reports any other failure as a network error', async () => {
    const { actor } = start(
      { mode: 'request' },
      { requestReset: () => Promise.reject(httpError(500)) },
    );
    actor.send({ type: 'reset.change', field: 'email', value: 'alice@example.com' });
    actor.send({ type: 'reset.submit' });

    const back = await waitFor(actor, (s) => s.context.error !== null);
    expect(back.value).toBe('request');
    expect(back.context.error).toBe('network');
  });

  it('treats a rejection without a status as a network error', async () => {
    const { actor } = start(
      { mode: 'request' },
      { requestReset: () => Promise.reject(new TypeError('Failed to fetch')) },
    );
    actor.send({ type: 'reset.change', field: 'email', value: 'alice@example.com' });
    actor.send({ type: 'reset.submit' });

    const back = await waitFor(actor, (s) => s.context.error !== null);
    expect(back.context.error).toBe('network');
  });

  it('ignores submits and edits while the request is in flight', async () => {
    let release = () => {};
    const { actor, calls } = start(
      { mode: 'request' },
      { requestReset: () => new Promise<void>((resolve) => (release = resolve)) },
    );
    actor.send({ type: 'reset.change', field: 'email', value: 'alice@example.com' });
    actor.send({ type: 'reset.submit' });
    actor.send({ type: 'reset.submit' });
    actor.send({ type: 'reset.change', field: 'email', value: 'mallory@example.com' });

    expect(actor.getSnapshot().value).toBe('sending');
    expect(actor.getSnapshot().context.email).toBe('alice@example.com');
    release();
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.requestReset).toHaveBeenCalledOnce();
  });
});

describe.each(['reset', 'confirm'] as const)('passwordResetMachine, %s mode', (mode) => {
  it('starts on the password form with the token from the link', () => {
    const { actor } = start({ mode, token: 'link-token' });
    expect(actor.getSnapshot().value).toBe('setPassword');
    expect(actor.getSnapshot().context).toMatchObject({ mode, token: 'link-token', error: null });
  });

  it.each([
    ['', '', 'passwordEmpty'],
    ['short', 'short', 'passwordUnder8'],
    ['correcthorse', 'correcthorsf', 'passwordMismatch'],
  ] as const)(
    'refuses %j / %j with %s, without calling the server',
    (password, confirmation, error) => {
      const { actor, calls } = start({ mode, token: 'link-token' });
      setPasswords(actor, password, confirmation);
      actor.send({ type: 'reset.submit' });

      expect(actor.getSnapshot().value).toBe('setPassword');
      expect(actor.getSnapshot().context.error).toBe(error);
      expect(calls.savePassword).not.toHaveBeenCalled();
    },
  );

  it('editing any field clears a validation error', () => {
    const { actor } = start({ mode, token: 'link-token' });
    setPasswords(actor, 'correcthorse', 'other');
    actor.send({ type: 'reset.submit' });
    expect(actor.getSnapshot().context.error).toBe('passwordMismatch');

    actor.send({ type: 'reset.change', field: 'confirmation', value: 'correcthors' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('saves the password, then goes to login on request', async () => {
    const { actor, calls } = start({ mode, token: 'link-token' });
    setPasswords(actor, 'correcthorse', 'correcthorse');
    actor.send({ type: 'reset.submit' });
    expect(actor.getSnapshot().value).toBe('saving');

    const saved = await waitFor(actor, (s) => s.matches('success'));
    expect(calls.savePassword).toHaveBeenCalledWith({
      token: 'link-token',
      password: 'correcthorse',
      mode,
    });
    expect(saved.context).toMatchObject({ password: '', confirmation: '', error: null });
    expect(calls.goToLogin).not.toHaveBeenCalled();

    actor.send({ type: 'reset.goToLogin' });
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().status).toBe('done');
    expect(calls.goToLogin).toHaveBeenCalledOnce();
  });

  it('reports a vanished user on 404', async () => {
    const { actor } = start(
      { mode, token: 'link-token' },
      { savePassword: () => Promise.reject(httpError(404)) },
    );
    setPasswords(actor, 'correcthorse', 'correcthorse');
    actor.send({ type: 'reset.submit' });

    const back = await waitFor(actor, (s) => s.context.error !== null);
    expect(back.value).toBe('setPassword');
    expect(back.context.error).toBe('userGone');
  });

  it('reports other failures as a network error and can retry', async () => {
    let attempts = 0;
    const { actor, calls } = start(
      { mode, token: 'link-token' },
      {
        savePassword: async () => {
          attempts += 1;
          if (attempts === 1) throw httpError(503);
        },
      },
    );
    setPasswords(actor, 'correcthorse', 'correcthorse');
    actor.send({ type: 'reset.submit' });
    const back = await waitFor(actor, (s) => s.context.error !== null);
    expect(back.context.error).toBe('network');

    actor.send({ type: 'reset.submit' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('success'));
    expect(calls.savePassword).toHaveBeenCalledTimes(2);
  });

  it('ignores goToLogin before the password is saved', () => {
    const { actor, calls } = start({ mode, token: 'link-token' });
    actor.send({ type: 'reset.goToLogin' });
    expect(actor.getSnapshot().value).toBe('setPassword');
    expect(calls.goToLogin).not.toHaveBeenCalled();
  });
});
