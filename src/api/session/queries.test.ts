import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignedInUser } from '../../../contracts/session.ts';
import { NetworkError } from '../../lib/api-client.ts';
import { fetchCurrentUser, forgetKeptUser, KEPT_USER_KEY } from './queries.ts';

const user = {
  uuid: '7d1f6c1e-4a55-4e37-9d47-1f2a3b4c5d6e',
  email: 'operator@nordlys.example',
} as unknown as SignedInUser;

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('fetchCurrentUser', () => {
  it('keeps the user the server named, and starts from that copy when no answer comes', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(200, { user })));
    expect(await fetchCurrentUser()).toEqual(user);
    expect(JSON.parse(localStorage.getItem(KEPT_USER_KEY) ?? 'null')).toEqual(user);

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await fetchCurrentUser()).toEqual(user);
  });

  it('forgets the copy when the server says there is no session', async () => {
    localStorage.setItem(KEPT_USER_KEY, JSON.stringify(user));
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(200, { user: null })));
    expect(await fetchCurrentUser()).toBeNull();
    expect(localStorage.getItem(KEPT_USER_KEY)).toBeNull();
  });

  it('is a network error without an answer and without a kept copy', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(fetchCurrentUser()).rejects.toBeInstanceOf(NetworkError);
  });

  it('does not start from a copy forgotten at sign-out', async () => {
    localStorage.setItem(KEPT_USER_KEY, JSON.stringify(user));
    forgetKeptUser();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(fetchCurrentUser()).rejects.toBeInstanceOf(NetworkError);
  });

  it('does not hide a server failure behind the copy', async () => {
    localStorage.setItem(KEPT_USER_KEY, JSON.stringify(user));
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(500, { message: 'Database down' })));
    await expect(fetchCurrentUser()).rejects.toMatchObject({ status: 500 });
  });
});
