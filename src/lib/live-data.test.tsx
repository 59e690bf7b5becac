import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveConnectionProvider, useConnectionState, useDeviceStatusFeed } from './live-data.tsx';
import { nextTask } from './next-task.ts';
import { endSession } from './session-end.ts';

/** Lets the task after the commit run, in which the connection opens. */
const opened = () => act(() => nextTask());

type Handler = (...args: unknown[]) => void;

/** Just enough of a socket.io socket for the live feed's sources; it never connects. */
class FakeSocket {
  connected = false;
  active = true;
  disconnected = false;
  readonly handlers = new Map<string, Set<Handler>>();
  readonly io = { on: () => this.io, off: () => this.io };
  on(event: string, handler: Handler) {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler);
    this.handlers.set(event, set);
    return this;
  }
  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  emit() {
    return this;
  }
  timeout() {
    return { emitWithAck: () => new Promise<never>(() => undefined) };
  }
  disconnect() {
    this.disconnected = true;
    return this;
  }
}

const sockets = vi.hoisted(() => [] as { disconnected: boolean }[]);
vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  },
}));

function Badge({ name }: { name: string }) {
  return <p aria-label={name}>{useConnectionState()}</p>;
}
function StatusColours() {
  useDeviceStatusFeed(() => undefined);
  return null;
}
/** What the signed-in layout shows: a chart's badge, a log's badge and a list's colours. */
const page = (
  <LiveConnectionProvider>
    <Badge name="chart" />
    <Badge name="log" />
    <StatusColours />
  </LiveConnectionProvider>
);

afterEach(() => {
  cleanup();
  sockets.length = 0;
});

describe('the live connection', () => {
  it('is not opened by a layout gone before its task came', async () => {
    render(page).unmount();
    await opened();
    expect(sockets).toHaveLength(0);
  });

  it('is not opened while rendering, and opened once for every part of the page after', async () => {
    renderToString(page);
    expect(sockets).toHaveLength(0);

    render(page);
    // Not in the commit's own task either: the task after.
    expect(sockets).toHaveLength(0);
    await opened();
    expect(sockets).toHaveLength(1);
    expect(screen.getByLabelText('chart').textContent).toBe('connecting');
    expect(screen.getByLabelText('log').textContent).toBe('connecting');
  });

  it('renders the page below once, with the connection already open', async () => {
    const rendered = vi.fn();
    function Chart() {
      rendered();
      return <p aria-label="state">{useConnectionState()}</p>;
    }
    render(
      <LiveConnectionProvider>
        <Chart />
      </LiveConnectionProvider>,
    );
    expect(rendered).not.toHaveBeenCalled();
    await opened();
    expect(sockets).toHaveLength(1);
    // Rendered before the connection opened, a chart renders (and asks its history) twice.
    expect(rendered).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('state').textContent).toBe('connecting');
  });

  it('is closed when the session ends, and not opened again by itself', async () => {
    render(page);
    await opened();
    expect(sockets).toHaveLength(1);
    act(() => endSession());
    expect(sockets[0]?.disconnected).toBe(true);
    expect(sockets).toHaveLength(1);
  });

  it('is closed when the signed-in layout goes, and a new one opens its own', async () => {
    const first = render(page);
    await opened();
    first.unmount();
    expect(sockets[0]?.disconnected).toBe(true);

    render(page);
    await opened();
    expect(sockets).toHaveLength(2);
    expect(sockets[1]?.disconnected).toBe(false);
  });
});
