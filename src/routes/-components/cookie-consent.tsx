import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { CONSENT_SPACE_PX } from '../../../contracts/first-screen.ts';
import { brandingQuery } from '../../api/branding/queries.ts';
import { currentUserQuery } from '../../api/session/queries.ts';
import { storedItem } from '../../lib/browser-storage.ts';
import { useNotify } from '../../lib/notifications.ts';
import { useSettings } from '../../lib/use-settings.ts';
import { Button } from '../../ui/button.tsx';
import { PolicyDialogLater, preloadsPolicyDialog } from './policy-dialog-later.tsx';

const CONSENT = 'nordlys.cookies';
/** What the page keeps free at the bottom of the window while the banner shows. */
export const CONSENT_SPACE = 'var(--consent-space, 0px)';
/** The banner's distance from the window's bottom edge, and from the page above it. */
const MARGIN = 16;
/** Where the banner takes two rows (contracts/first-screen.ts, CONSENT_SPACE_PX). */
const NARROW = '(max-width: 599.98px)';

/** While the banner shows, the page makes room for it instead of lying under it. */
function useReservedSpace(shown: boolean) {
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    let reserved = '';
    const reserve = (height: number) => {
      const space = `${Math.ceil(height) + 2 * MARGIN}px`;
      // The same value again would restyle the whole document for nothing.
      if (space === reserved) return;
      reserved = space;
      root.style.setProperty('--consent-space', space);
    };
    // Before the first paint, the room the banner takes at this width (two rows on a phone,
    // one from 600 px), so the page never shows under it: not read from the layout, which here
    // would make the browser style the whole new page in this task. Its size as measured
    // follows after the first layout, before that frame is painted.
    root.style.setProperty(
      '--consent-space',
      (reserved = `${window.matchMedia(NARROW).matches ? CONSENT_SPACE_PX.narrow : CONSENT_SPACE_PX.wide}px`),
    );
    const observer = new ResizeObserver(([entry]) =>
      reserve(entry?.borderBoxSize[0]?.blockSize ?? element.getBoundingClientRect().height),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--consent-space');
    };
  }, [shown]);
  return bar;
}

const Bar = styled.div`
  position: fixed;
  left: 50%;
  bottom: ${MARGIN}px;
  transform: translateX(-50%);
  z-index: 55;
  width: min(720px, calc(100vw - 32px));
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: 0 8px 28px rgb(0 0 0 / 22%);
  p {
    flex: 1 1 280px;
    margin: 0;
  }
`;

/**
 * Asks once for cookie consent. Signed in, the answer is a setting saved to
 * the user (with 'Settings saved'); before sign-in it is kept in this browser.
 */
export function CookieConsent() {
  const { t } = useLingui();
  const notify = useNotify();
  const { data: user } = useQuery(currentUserQuery());
  const { data: branding } = useQuery(brandingQuery());
  const { settings, update } = useSettings();
  const [policyOpen, setPolicyOpen] = useState(false);
  const [local, setLocal] = useState(() => storedItem('local', CONSENT) === '1');

  const consented = user ? settings.cookies : local;
  const bar = useReservedSpace(!consented);
  if (consented) return null;

  const accept = () => {
    localStorage.setItem(CONSENT, '1');
    setLocal(true);
    if (user) {
      update({ cookies: true }).then(
        () => notify(t`Settings saved`, 'success'),
        () => notify(t`Update failed`, 'error'),
      );
    }
  };

  return (
    <Bar ref={bar} data-cookie-consent role="region" aria-label={t`Cookie consent`}>
      <p>
        <Trans>We use a cookie to keep you signed in, and nothing else.</Trans>
      </p>
      {branding?.cookieUrl ? (
        <Button as="a" $variant="text" href={branding.cookieUrl} target="_blank" rel="noreferrer">
          <Trans>Read more</Trans>
        </Button>
      ) : (
        <Button $variant="text" {...preloadsPolicyDialog} onClick={() => setPolicyOpen(true)}>
          <Trans>Read more</Trans>
        </Button>
      )}
      <Button onClick={accept}>
        <Trans>Accept</Trans>
      </Button>
      <PolicyDialogLater
        kind="cookies"
        open={policyOpen}
        onOpenChange={setPolicyOpen}
        onAccept={accept}
      />
    </Bar>
  );
}
