import { describe, expect, it } from 'vitest';
import { ConnectionStore, nextConnectionState } from './connection-state.ts';

describe('connection state', () => {
  it('goes connecting → live → reconnecting → live → offline', () => {
    const store = new ConnectionStore('connecting');
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getSnapshot()));
    store.apply({ type: 'disconnected', retrying: true });
    store.apply({ type: 'connected' });
    store.apply({ type: 'disconnected', retrying: true });
    store.apply({ type: 'connecting' });
    store.apply({ type: 'connected' });
    store.apply({ type: 'disconnected', retrying: false });
    expect(seen).toEqual(['live', 'reconnecting', 'live', 'offline']);
  });

  it('stays connecting while the first connection is retried', () => {
    expect(nextConnectionState('connecting', { type: 'disconnected', retrying: true })).toBe(
      'connecting',
    );
    expect(nextConnectionState('connecting', { type: 'disconnected', retrying: false })).toBe(
      'offline',
    );
  });

  it('reconnects from offline', () => {
    expect(nextConnectionState('offline', { type: 'connecting' })).toBe('reconnecting');
    expect(nextConnectionState('offline', { type: 'connected' })).toBe('live');
  });

  it('stops telling a listener that unsubscribed', () => {
    const store = new ConnectionStore('connecting');
    let calls = 0;
    const stop = store.subscribe(() => calls++);
    store.apply({ type: 'connected' });
    stop();
    store.apply({ type: 'disconnected', retrying: true });
    expect(calls).toBe(1);
  });
});
