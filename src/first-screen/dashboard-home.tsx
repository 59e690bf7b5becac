import { msg } from '@lingui/core/macro';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import type { DashboardList } from '../../contracts/dashboard.ts';
import {
  DASHBOARD_SCREEN_MAX_WIDTH,
  type DashboardScreen,
  type DashboardScreenInput,
} from '../../contracts/first-screen.ts';
import type { SignedInUser } from '../../contracts/session.ts';
import { brandingKeys } from '../api/branding/keys.ts';
import { dashboardKeys } from '../api/dashboards/keys.ts';
import { authKeys } from '../api/session/keys.ts';
import {
  parseDashboardSearch,
  type DashboardSearch,
} from '../features/dashboards/components/dashboard-search.ts';
import { DashboardTheme } from '../features/dashboards/page/dashboard-theme.tsx';
import { DashboardsIntro, WelcomeTitle } from '../features/dashboards/page/dashboards-section.tsx';
import { withDefaults } from '../lib/settings.ts';
import { useSettings } from '../lib/use-settings.ts';
import { AppShell } from '../routes/-components/app-shell.tsx';
import { RootFrame } from '../routes/-components/root-frame.tsx';
import { renderScreen, screenQueryClient } from './render-screen.tsx';

/** A phone's width (Lighthouse's Moto G Power): the first screen is shown below 600 px only. */
const PHONE_WIDTH = Math.min(412, DASHBOARD_SCREEN_MAX_WIDTH - 1);

/** The page as it first shows: the title, and the dashboards' section while they load. */
function DashboardsFirstScreen({
  user,
  dashboards,
  search,
}: {
  user: SignedInUser;
  dashboards: DashboardList;
  search: DashboardSearch;
}) {
  const { settings } = useSettings();
  return (
    <>
      <WelcomeTitle user={user} />
      <DashboardTheme>
        <DashboardsIntro
          dashboards={dashboards}
          search={search}
          liveData={settings.nordlysLiveData}
        />
      </DashboardTheme>
    </>
  );
}

/**
 * The dashboard home of a signed-in user as a phone first shows it: the
 * console's own shell and the dashboards' section, rendered by React on the
 * server for each request from what the API answers that user (their
 * settings, the host's branding, their dashboards). The server sends it in
 * the HTML of /dashboard (server/plugins/web.ts), shown until the console's
 * scripts have run and rendered the page themselves, so a slow phone shows
 * the page as soon as the HTML has come (docs/performance.md).
 */
export async function renderDashboardHome(input: DashboardScreenInput): Promise<DashboardScreen> {
  const { user, branding, dashboards } = input;
  const settings = withDefaults(user.internal.settings);
  const locale = settings.language;
  const queryClient = screenQueryClient();
  queryClient.setQueryData(authKeys.user(), user);
  queryClient.setQueryData(brandingKeys.current(), branding);
  queryClient.setQueryData(dashboardKeys.lists(), dashboards);
  const rootRoute = createRootRoute({
    component: function Frame() {
      return (
        <RootFrame system="light">
          <AppShell
            user={user}
            page={
              // What the console's shell shows until its own page has rendered (src/lib/first-screen.ts).
              <div data-first-screen-page style={{ display: 'contents' }}>
                <DashboardsFirstScreen
                  user={user}
                  dashboards={dashboards}
                  search={dashboardRoute.useSearch()}
                />
              </div>
            }
          />
        </RootFrame>
      );
    },
  });
  // The page's route, for the breadcrumbs and the search: its page is the shell's `page`.
  const dashboardRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/dashboard',
    staticData: { title: msg`Dashboard` },
    validateSearch: (search: Record<string, unknown>): DashboardSearch =>
      parseDashboardSearch(search),
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([dashboardRoute]),
    history: createMemoryHistory({ initialEntries: [input.url] }),
    isServer: true,
  });
  const screen = await renderScreen({
    router,
    queryClient,
    locale,
    idPrefix: 'first-',
    width: PHONE_WIDTH,
  });
  return { ...screen, locale, consentBar: !settings.cookies };
}
