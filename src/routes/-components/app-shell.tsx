import { useQuery } from '@tanstack/react-query';
import { Outlet, useRouter, useSearch } from '@tanstack/react-router';
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { SignedInUser } from '../../../contracts/session.ts';
import { useSessionExpiry } from '../../api/session/mutations.ts';
import { currentUserQuery } from '../../api/session/queries.ts';
import { firstScreenGone, heldFirstScreenPage } from '../../lib/first-screen.ts';
import { LiveConnectionProvider } from '../../lib/live-data.tsx';
import { useSettings } from '../../lib/use-settings.ts';
import { useMinWidth } from '../../ui/theme-mode.ts';
import { AppHeader } from './app-header.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { CONSENT_SPACE } from './cookie-consent.tsx';
import { Sidebar } from './sidebar.tsx';

const Shell = styled.div`
  display: flex;
  height: calc(100vh - ${CONSENT_SPACE});
  overflow: hidden;
`;

const Column = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
`;

/** The page of the dashboard home's first screen (src/lib/first-screen.ts), inert, while the page loads. */
function HeldFirstScreenPage() {
  const [held] = useState(heldFirstScreenPage);
  return held ? (
    <div inert style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: held }} />
  ) : null;
}

/** The first screen's rules go in the commit that shows the page in its place. */
function FirstScreenGone() {
  useLayoutEffect(() => firstScreenGone(), []);
  return null;
}

const Main = styled.main`
  flex: 1;
  overflow: auto;
  padding: 16px clamp(12px, 2.5vw, 32px) 32px;
`;

/**
 * The frame of every signed-in page: the drawer (temporary below 1280 px or
 * by the setting, else the setting's open or closed), the top bar, the
 * breadcrumbs and the page with the live connection. The page is the
 * route's, or `page` where no router renders it (the dashboard home's first
 * screen in the HTML, src/first-screen/).
 */
export function AppShell({ user, page }: { user: SignedInUser; page?: ReactNode }) {
  const { data: current } = useQuery(currentUserQuery());
  const { settings, update } = useSettings();
  const desktop = useMinWidth(1280);
  const router = useRouter();
  const me = current ?? user;
  const kiosk = useSearch({ strict: false, select: (search) => search.kiosk === true });

  // Below 1280 px the drawer is always temporary; from there the setting decides.
  const temporary = !desktop || settings.drawer === 'temporary';
  const [temporaryOpen, setTemporaryOpen] = useState(false);
  const open = temporary ? temporaryOpen : settings.drawerState;
  const menuButton = useRef<HTMLButtonElement>(null);
  // Closed without a choice made, the drawer hands the focus back to the button that opened it.
  const closeTemporary = useCallback(() => {
    setTemporaryOpen(false);
    menuButton.current?.focus();
  }, []);

  useSessionExpiry(
    useCallback(
      () => void router.navigate({ to: '/login', search: { redirect: window.location.pathname } }),
      [router],
    ),
  );

  const toggle = () => {
    if (temporary) setTemporaryOpen((value) => !value);
    else void update({ drawerState: !settings.drawerState });
  };

  // A wall display (the dashboard's kiosk flag) shows the page alone, without the console around it.
  if (kiosk)
    return (
      <LiveConnectionProvider>
        <Outlet />
      </LiveConnectionProvider>
    );

  return (
    <Shell>
      <Sidebar
        user={me}
        temporary={temporary}
        open={open}
        collapsed={!temporary && !settings.drawerState}
        defaultView={settings.defaultView}
        onNavigate={() => {
          if (temporary && settings.drawerCloseOnNav) setTemporaryOpen(false);
        }}
        onClose={closeTemporary}
      />
      <Column>
        <AppHeader user={me} menuButton={menuButton} menuOpen={open} onMenu={toggle} />
        <Main>
          {settings.breadcrumbs ? <Breadcrumbs /> : null}
          {/* A first screen has no live data: its page renders without the connection. */}
          {page ?? (
            <LiveConnectionProvider waiting={<HeldFirstScreenPage />}>
              <FirstScreenGone />
              <Outlet />
            </LiveConnectionProvider>
          )}
        </Main>
      </Column>
    </Shell>
  );
}
