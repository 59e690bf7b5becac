import { useQuery } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../lib/api-client.ts';
import { activateLocale } from '../lib/i18n.ts';
import { QueryView } from './detail.tsx';
import { renderScreen } from './test-support.tsx';

beforeAll(() => activateLocale('en'));
afterEach(cleanup);

/** An entity page whose read fails with `error`. */
function FailingDetail({ error }: { error: Error }) {
  const query = useQuery({
    queryKey: ['devices', 'detail', 7],
    queryFn: (): Promise<{ name: string }> => Promise.reject(error),
  });
  return <QueryView query={query}>{(device) => <p>{device.name}</p>}</QueryView>;
}

describe('QueryView', () => {
  it("shows the server's message when the read was answered with an error", async () => {
    const message = 'Something went wrong on our side. Please try again later.';
    renderScreen(<FailingDetail error={new ApiError(500, message)} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(alert.textContent).not.toContain('Network Error');
  });

  it('says network error when no answer came', async () => {
    renderScreen(<FailingDetail error={new NetworkError()} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Network Error');
  });

  it('says a missing entity is not there', async () => {
    renderScreen(<FailingDetail error={new ApiError(404, 'Resource not found')} />);
    expect((await screen.findByRole('alert')).textContent).toContain('This does not exist');
  });
});
