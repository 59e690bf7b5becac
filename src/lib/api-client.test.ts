import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, NetworkError } from './api-client.ts';
import { dropBootAnswers } from './boot.ts';

const answer = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest failures', () => {
  it('is a network error only when no answer came', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const failure = await apiRequest('core', '/v2/device/7').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure).not.toBeInstanceOf(ApiError);
  });

  it("is the server's answer, with its status and message, when the server refused", async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          answer(400, { statusCode: 400, error: 'Bad Request', message: 'body.email is empty' }),
        ),
    );
    const failure = await apiRequest('core', '/entity/user/forgotpassword', {
      method: 'POST',
      body: { email: '' },
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).not.toBeInstanceOf(NetworkError);
    expect(failure).toMatchObject({ status: 400, message: 'body.email is empty' });
  });

  it('keeps a server error an answer, even without a readable body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('<html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    const failure = await apiRequest('core', '/v2/device/7').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 502, message: 'Bad Gateway' });
  });

  it('is a network error, never an empty success, when a successful answer is cut off', async () => {
    // The body breaks off as it is read: the page is being left, or the network dropped.
    const cut = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"uuid":"org-1","na'));
        controller.error(new TypeError('network error'));
      },
    });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(cut, { status: 200 })));
    const failure = await apiRequest('core', '/entity/organisation/org-1').catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(NetworkError);
  });

  it('is a network error when a successful answer is not JSON, and nothing when it is empty', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>', { status: 200 })));
    await expect(apiRequest('core', '/v2/device/7')).rejects.toBeInstanceOf(NetworkError);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('', { status: 200 })));
    await expect(apiRequest('core', '/v2/device/7', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it("leaves the caller's own cancellation as it is", async () => {
    const cancelled = new DOMException('The operation was aborted.', 'AbortError');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(cancelled));
    await expect(apiRequest('core', '/v2/device/7')).rejects.toBe(cancelled);
  });
});

describe('reads asked for before the scripts ran (public/boot.js)', () => {
  const boot = globalThis as unknown as { nordlysBoot?: Record<string, Promise<Response>> };
  afterEach(() => dropBootAnswers());

  it('takes the early answer once, then asks the server', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(200, { user: { id: 'later' } }));
    vi.stubGlobal('fetch', fetch);
    boot.nordlysBoot = { '/api/auth/session': Promise.resolve(answer(200, { user: null })) };
    await expect(apiRequest('auth', '/auth/session')).resolves.toEqual({ user: null });
    expect(fetch).not.toHaveBeenCalled();
    await expect(apiRequest('auth', '/auth/session')).resolves.toEqual({ user: { id: 'later' } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('is taken by a read that can be cancelled (a query), as by any other read', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    boot.nordlysBoot = { '/api/v2/dashboards': Promise.resolve(answer(200, [{ id: 'wall' }])) };
    const signal = new AbortController().signal;
    await expect(apiRequest('core', '/v2/dashboards', { signal })).resolves.toEqual([
      { id: 'wall' },
    ]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is a network error when the early read found no server', async () => {
    vi.stubGlobal('fetch', vi.fn());
    boot.nordlysBoot = { '/api/auth/session': Promise.reject(new TypeError('Failed to fetch')) };
    await expect(apiRequest('auth', '/auth/session')).rejects.toBeInstanceOf(NetworkError);
  });

  it('is not used by a write, nor once the console has started', async () => {
    const fetch = vi.fn().mockImplementation(() => Promise.resolve(answer(200, { fresh: true })));
    vi.stubGlobal('fetch', fetch);
    boot.nordlysBoot = { '/api/auth/session': Promise.resolve(answer(200, { stale: true })) };
    await apiRequest('auth', '/auth/session', { method: 'POST', body: {} });
    expect(fetch).toHaveBeenCalledTimes(1);
    dropBootAnswers();
    await expect(apiRequest('auth', '/auth/session')).resolves.toEqual({ fresh: true });
  });
});
