import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const registered = vi.fn();
vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => {
    registered();
    return { needRefresh: [false, () => undefined], updateServiceWorker: () => Promise.resolve() };
  },
}));

const { AppBanners, SERVICE_WORKER_DELAY_MS } = await import('./app-banners.tsx');
const { renderScreen } = await import('../../ui/test-support.tsx');
const { activateLocale } = await import('../../lib/i18n.ts');

beforeEach(async () => {
  await activateLocale('en');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  registered.mockClear();
});

describe('app banners', () => {
  it('registers the service worker only once the first screen has had its time', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The browser is idle 50 ms after it is asked.
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 50));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
    renderScreen(<AppBanners />);
    act(() => vi.advanceTimersByTime(SERVICE_WORKER_DELAY_MS - 100));
    expect(registered).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(registered).not.toHaveBeenCalled();
    // Then at the browser's next idle moment.
    act(() => vi.advanceTimersByTime(50));
    expect(registered).toHaveBeenCalled();
  });
});
