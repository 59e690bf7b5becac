import type { Page } from '@playwright/test';

/**
 * Resolves once the page's live feed acknowledged its subscription to the
 * organisation's status changes (`subscribe {org: true}`, docs/live.md), over
 * the long-polling transport or the WebSocket; a change before it would be
 * missed, since nothing on these screens says when the feed is live.
 */
export function statusFeedFollowed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    const read = (text: string) => {
      if (text.includes('"org":true}')) resolve();
    };
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/live/')) {
        response.text().then(read, () => undefined);
      }
    });
    page.on('websocket', (socket) => socket.on('framereceived', (f) => read(String(f.payload))));
  });
}
