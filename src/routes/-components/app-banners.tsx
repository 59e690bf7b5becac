import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { storedItem } from '../../lib/browser-storage.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { Button, IconButton } from '../../ui/button.tsx';
import { useOnline } from '../../ui/status.tsx';
import { X } from 'lucide-react';

const Banner = styled.div<{ $tone: 'info' | 'warning' }>`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 12px;
  padding: 6px 12px;
  font-size: 0.875rem;
  background: ${({ $tone }) => ($tone === 'warning' ? '#8a5300' : '#263238')};
  color: #fff;
  position: relative;
  z-index: 50;
  button {
    color: #fff;
  }
`;

const BETA_DISMISSED = 'nordlys.betaDismissed';

/**
 * The service worker is registered this long after the console started, once
 * the browser is idle: it then downloads every file of the console for
 * offline use, which would otherwise compete with the first screen's scripts
 * and reads (a wall display's cold load) for the connections and the server.
 */
export const SERVICE_WORKER_DELAY_MS = 5000;

/** True once the first screen has had its time: SERVICE_WORKER_DELAY_MS, then an idle moment. */
function useAfterStart(): boolean {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function')
        idle = requestIdleCallback(() => setStarted(true), { timeout: 2000 });
      else setStarted(true);
    }, SERVICE_WORKER_DELAY_MS);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, []);
  return started;
}

/** Registers the service worker and offers a new version of the console once one is waiting. */
function UpdateBanner() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed', error);
    },
  });
  if (!needRefresh) return null;
  return (
    <Banner $tone="info" role="status">
      <Trans>A new version of the console is available.</Trans>
      <Button $variant="secondary" onClick={() => refresh(updateServiceWorker)}>
        <Trans>Refresh</Trans>
      </Button>
    </Banner>
  );
}

/** Refreshing after an update clears local storage, so no stale cache outlives the old version. */
function refresh(update: (reload?: boolean) => Promise<void>) {
  localStorage.clear();
  void update(true);
}

export function AppBanners() {
  const { t } = useLingui();
  const online = useOnline();
  const [betaDismissed, setBetaDismissed] = useState(
    () => storedItem('session', BETA_DISMISSED) === '1',
  );
  const registers = useAfterStart();

  return (
    <>
      {registers ? <UpdateBanner /> : null}
      {!online ? (
        <Banner $tone="warning" role="status">
          <Trans>You are offline. Data shown may be out of date and changes cannot be saved.</Trans>
        </Banner>
      ) : null}
      {runtimeConfig().beta && !betaDismissed ? (
        <Banner $tone="info" role="note">
          <Trans>This is the beta version of the console.</Trans>
          <IconButton
            aria-label={t`Dismiss the beta notice`}
            onClick={() => {
              sessionStorage.setItem(BETA_DISMISSED, '1');
              setBetaDismissed(true);
            }}
          >
            <X size={16} />
          </IconButton>
        </Banner>
      ) : null}
    </>
  );
}
