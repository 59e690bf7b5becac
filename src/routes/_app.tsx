import {
  createFileRoute,
  Outlet,
  redirect,
  useMatches,
  useNavigate,
  useRouter,
} from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { ArrowLeft, Menu } from 'lucide-react';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { setUnauthorisedHandler } from '../lib/api-client.ts';
import { brandingQuery } from '../api/branding/queries.ts';
import { productName } from '../lib/branding.ts';
import type { SignedInUser } from '../../contracts/session.ts';
import { authKeys } from '../api/session/keys.ts';
import { currentUserQuery } from '../api/session/queries.ts';
import { LiveConnectionProvider } from '../lib/live-data.tsx';
import { forgetCache } from '../lib/query-client.ts';
import { endSession } from '../lib/session-end.ts';
import { useSettings } from '../lib/use-settings.ts';
import { IconButton } from '../ui/button.tsx';
import { useMinWidth } from '../ui/theme-mode.ts';
import { Breadcrumbs } from './-components/breadcrumbs.tsx';
import { GlobalSearch } from './-components/global-search.tsx';
import { Sidebar } from './-components/sidebar.tsx';
import { UserMenu } from './-components/user-menu.tsx';

/**
 * Every app page needs a session: without one, /login, remembering where the
 * user was going. Only the server can tell (the session cookie is HttpOnly).
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQuery());
    if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { user };
  },
  component: AppLayout,
});

const Shell = styled.div`
  display: flex;
  height: 100vh;
  overflow: hidden;
`;

const Column = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
`;

const Header = styled.header<{ $border: boolean }>`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 60px;
  padding: 0 12px;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid
    ${({ theme, $border }) => ($border ? theme.colors.border : 'transparent')};
  box-shadow: ${({ $border }) => ($border ? 'none' : '0 1px 3px rgb(0 0 0 / 8%)')};
  z-index: 20;
`;

const Logo = styled.button`
  display: flex;
  align-items: center;
  gap: 8px;
  border: none;
  background: none;
  color: inherit;
  font: inherit;
  font-weight: 700;
  font-size: 1.1rem;
  cursor: pointer;
  padding: 4px;
  img {
    height: 32px;
    width: auto;
    max-width: 140px;
  }
`;

const Title = styled.h1`
  margin: 0;
  font-size: 1.05rem;
  font-weight: 600;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  display: flex;
  align-items: center;
  gap: 4px;
`;

const Spacer = styled.div`
  margin-left: auto;
`;

const Main = styled.main`
  flex: 1;
  overflow: auto;
  padding: 16px clamp(12px, 2.5vw, 32px) 32px;
`;

function AppLayout() {
  const { t, i18n } = useLingui();
  const { user } = Route.useRouteContext();
  const { data: current } = useQuery(currentUserQuery());
  const { data: branding } = useQuery(brandingQuery());
  const { settings, update } = useSettings();
  const desktop = useMinWidth(1280);
  const compactHeader = !useMinWidth(600);
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const matches = useMatches();
  const page = [...matches].reverse().find((match) => match.staticData.title);
  const me: SignedInUser = current ?? user;

  // Below 1280 px the drawer is always temporary; from there the setting decides.
  const temporary = !desktop || settings.drawer === 'temporary';
  const [temporaryOpen, setTemporaryOpen] = useState(false);
  const open = temporary ? temporaryOpen : settings.drawerState;

  // While the app is shown, a 401 means the session ended (expired, signed out
  // elsewhere); after a sign-out here there is no user left to let go.
  useEffect(() => {
    setUnauthorisedHandler(() => {
      if (!queryClient.getQueryData(authKeys.user())) return;
      endSession();
      forgetCache(queryClient);
      void router.navigate({ to: '/login', search: { redirect: window.location.pathname } });
    });
    return () => setUnauthorisedHandler(null);
  }, [queryClient, router]);

  const toggle = () => {
    if (temporary) setTemporaryOpen((value) => !value);
    else void update({ drawerState: !settings.drawerState });
  };

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
        onClose={() => setTemporaryOpen(false)}
      />
      <Column>
        <Header $border={settings.headerBorder}>
          <IconButton onClick={toggle} aria-label={t`Menu`} aria-expanded={open}>
            <Menu size={22} />
          </IconButton>
          <Logo
            type="button"
            onClick={() => void navigate({ to: settings.defaultRoute || '/' })}
            aria-label={productName(branding)}
          >
            <img src={branding?.logo ?? '/favicon.svg'} alt="" />
            {compactHeader ? null : productName(branding)}
          </Logo>
          <Title>
            {page?.staticData.back ? (
              <IconButton
                onClick={() => void navigate({ to: page.staticData.back })}
                aria-label={t`Back`}
              >
                <ArrowLeft size={20} />
              </IconButton>
            ) : null}
            {page?.staticData.title && !compactHeader ? i18n._(page.staticData.title) : null}
          </Title>
          {settings.globalSearch ? <GlobalSearch compact={compactHeader} /> : <Spacer />}
          <UserMenu user={me} compact={compactHeader} />
        </Header>
        <Main>
          {settings.breadcrumbs ? <Breadcrumbs /> : null}
          <LiveConnectionProvider>
            <Outlet />
          </LiveConnectionProvider>
        </Main>
      </Column>
    </Shell>
  );
}
